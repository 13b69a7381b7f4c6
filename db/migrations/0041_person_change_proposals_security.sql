-- Spec 002, sync out. The submission job sweeps every tenant for proposals due: approved_locally ones that are the
-- oldest approved_locally of their person (creation order per person: a later one waits until the earlier one was
-- sent), and submitted ones whose outcome is due to be asked for. Identifiers only; each proposal is then handled
-- under its tenant's own RLS context.
CREATE FUNCTION app_due_person_change_proposals(p_now timestamptz, p_limit integer)
  RETURNS TABLE (id uuid, organisation_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT r.id, r.organisation_id FROM person_change_requests r
    WHERE r.status IN ('approved_locally', 'submitted')
      AND (r.next_attempt_at IS NULL OR r.next_attempt_at <= p_now)
      AND (r.status = 'submitted' OR NOT EXISTS (
        SELECT 1 FROM person_change_requests e
        WHERE e.organisation_id = r.organisation_id AND e.person_id = r.person_id AND e.status = 'approved_locally'
          AND (e.created_at, e.id) < (r.created_at, r.id)))
    ORDER BY r.created_at, r.id
    LIMIT p_limit
  $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_due_person_change_proposals(timestamptz, integer) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_due_person_change_proposals(timestamptz, integer) TO quartermaster_app;
