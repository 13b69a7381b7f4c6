ALTER TABLE "notifications" ADD COLUMN "link" text;--> statement-breakpoint
ALTER TABLE "data_deletion_requests" ADD COLUMN "overdue_notified_at" timestamp (3) with time zone;--> statement-breakpoint
-- The notify-overdue-erasure-requests job sweeps every tenant for open erasure requests past their target or
-- legal limit whose admins were not told yet. Like the other job lookups it returns identifiers only; the
-- notifications are written under the tenant's own RLS context.
CREATE FUNCTION app_overdue_data_deletions(p_now timestamptz, p_limit integer)
  RETURNS TABLE (id uuid, organisation_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT r.id, r.organisation_id FROM data_deletion_requests r
    WHERE r.status IN ('pending', 'verified', 'in_progress') AND r.overdue_notified_at IS NULL
      AND (r.legal_due_at < p_now OR r.target_due_at < p_now)
    ORDER BY r.requested_at
    LIMIT p_limit
  $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_overdue_data_deletions(timestamptz, integer) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_overdue_data_deletions(timestamptz, integer) TO quartermaster_app;
