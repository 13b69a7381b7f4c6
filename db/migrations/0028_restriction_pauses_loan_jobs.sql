-- Spec 001 restriction: the loan jobs pass by a loan whose requester's processing is restricted. Its reminder
-- and overdue notice stay unclaimed, so they are taken up again once the restriction is lifted. The jobs
-- re-check the same condition under the tenant's RLS before they act.
CREATE OR REPLACE FUNCTION app_due_loan_reminders(p_today date, p_days_before integer)
  RETURNS TABLE (id uuid, organisation_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT l.id, l.organisation_id FROM loans l
    WHERE l.status = 'ACTIVE' AND l.reminder_sent_at IS NULL
      AND l.end_date >= p_today AND l.end_date <= p_today + p_days_before
      AND NOT EXISTS (
        SELECT 1 FROM users u JOIN persons p ON p.organisation_id = u.organisation_id AND p.id = u.person_id
        WHERE u.organisation_id = l.organisation_id AND u.id = l.requester_id AND p.processing_restricted
      )
  $$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION app_due_overdue_loans(p_today date)
  RETURNS TABLE (id uuid, organisation_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT l.id, l.organisation_id FROM loans l
    WHERE l.status = 'ACTIVE' AND l.overdue_notified_at IS NULL AND l.end_date < p_today
      AND NOT EXISTS (
        SELECT 1 FROM users u JOIN persons p ON p.organisation_id = u.organisation_id AND p.id = u.person_id
        WHERE u.organisation_id = l.organisation_id AND u.id = l.requester_id AND p.processing_restricted
      )
  $$;
