-- Tenant isolation for data exports (spec 001; DESIGN.md invariant 1), as for every other tenant table. No
-- DELETE: an export's record stays as the evidence of the request; only its content is dropped (set null).
GRANT SELECT, INSERT, UPDATE ON data_exports TO quartermaster_app;--> statement-breakpoint

ALTER TABLE data_exports ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE data_exports FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON data_exports
  USING (organisation_id = app_current_organisation_id())
  WITH CHECK (organisation_id = app_current_organisation_id());--> statement-breakpoint

-- The data-export job sweeps every tenant; like the other job lookups these return identifiers only, and the
-- export itself is then built under the tenant's own RLS context.
CREATE FUNCTION app_pending_data_exports(p_limit integer)
  RETURNS TABLE (id uuid, organisation_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT e.id, e.organisation_id FROM data_exports e
    WHERE e.status = 'pending'
    ORDER BY e.created_at
    LIMIT p_limit
  $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_pending_data_exports(integer) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_pending_data_exports(integer) TO quartermaster_app;--> statement-breakpoint

-- Ready exports whose link lapsed unused: the sweep drops their content and marks them expired.
CREATE FUNCTION app_lapsed_data_exports(p_now timestamptz, p_limit integer)
  RETURNS TABLE (id uuid, organisation_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT e.id, e.organisation_id FROM data_exports e
    WHERE e.status = 'ready' AND e.downloaded_at IS NULL AND e.link_expires_at <= p_now
    ORDER BY e.link_expires_at
    LIMIT p_limit
  $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_lapsed_data_exports(timestamptz, integer) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_lapsed_data_exports(timestamptz, integer) TO quartermaster_app;
