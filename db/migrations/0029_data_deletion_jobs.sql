-- The process-data-deletions job sweeps every tenant for verified erasure requests, and for requests left in
-- progress by a runner that died (its lease, updated_at, older than p_stale_before). Like the other job lookups
-- it returns identifiers only; the erasure itself runs under the tenant's own RLS context.
CREATE FUNCTION app_due_data_deletions(p_stale_before timestamptz, p_limit integer)
  RETURNS TABLE (id uuid, organisation_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT r.id, r.organisation_id FROM data_deletion_requests r
    WHERE r.status = 'verified' OR (r.status = 'in_progress' AND r.updated_at < p_stale_before)
    ORDER BY r.verified_at
    LIMIT p_limit
  $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_due_data_deletions(timestamptz, integer) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_due_data_deletions(timestamptz, integer) TO quartermaster_app;
