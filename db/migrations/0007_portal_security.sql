-- Tenant isolation for the portal's tables (DESIGN.md invariant 1), as for every other tenant table.
GRANT SELECT, INSERT, UPDATE, DELETE ON announcements, invitations TO quartermaster_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON backups TO quartermaster_app;--> statement-breakpoint

ALTER TABLE announcements ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE announcements FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON announcements
  USING (organisation_id = app_current_organisation_id())
  WITH CHECK (organisation_id = app_current_organisation_id());--> statement-breakpoint

ALTER TABLE invitations ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE invitations FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON invitations
  USING (organisation_id = app_current_organisation_id())
  WITH CHECK (organisation_id = app_current_organisation_id());--> statement-breakpoint

ALTER TABLE backups ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE backups FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON backups
  USING (organisation_id = app_current_organisation_id())
  WITH CHECK (organisation_id = app_current_organisation_id());--> statement-breakpoint

-- The backup job sweeps every tenant; like the other job lookups it returns identifiers only, and the
-- export itself then runs under the tenant's own RLS context.
CREATE FUNCTION app_pending_backups(p_limit integer)
  RETURNS TABLE (id uuid, organisation_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT b.id, b.organisation_id FROM backups b
    WHERE b.status = 'PENDING'
    ORDER BY b.created_at
    LIMIT p_limit
  $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_pending_backups(integer) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_pending_backups(integer) TO quartermaster_app;
