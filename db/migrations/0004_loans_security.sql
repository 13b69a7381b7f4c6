-- DESIGN.md invariant 4: two APPROVED or ACTIVE loans of one asset never overlap, under any concurrency.
-- Date ranges are inclusive of both days: a loan ending on the 10th and one starting on the 10th overlap.
ALTER TABLE loans ADD CONSTRAINT loans_dates_ordered CHECK (end_date >= start_date);--> statement-breakpoint
ALTER TABLE loans ADD COLUMN period daterange GENERATED ALWAYS AS (daterange(start_date, end_date, '[]')) STORED;--> statement-breakpoint
ALTER TABLE loans ADD CONSTRAINT loans_no_overlap EXCLUDE USING gist (
  organisation_id WITH =,
  asset_id WITH =,
  period WITH &&
) WHERE (status IN ('APPROVED', 'ACTIVE'));--> statement-breakpoint

GRANT SELECT, INSERT, UPDATE ON loans, outbox TO quartermaster_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON notifications TO quartermaster_app;--> statement-breakpoint

ALTER TABLE loans ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE loans FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON loans
  USING (organisation_id = app_current_organisation_id())
  WITH CHECK (organisation_id = app_current_organisation_id());--> statement-breakpoint

ALTER TABLE outbox ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE outbox FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON outbox
  USING (organisation_id = app_current_organisation_id())
  WITH CHECK (organisation_id = app_current_organisation_id());--> statement-breakpoint

ALTER TABLE notifications ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE notifications FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON notifications
  USING (organisation_id = app_current_organisation_id())
  WITH CHECK (organisation_id = app_current_organisation_id());--> statement-breakpoint

-- Jobs work across tenants but must touch each tenant's rows inside that tenant's context. These lookups run
-- with the owner's rights and return only identifiers; the work itself then happens under RLS.
CREATE FUNCTION app_due_outbox(p_now timestamptz, p_limit integer)
  RETURNS TABLE (id uuid, organisation_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT o.id, o.organisation_id FROM outbox o
    WHERE o.status = 'PENDING' AND o.next_attempt_at <= p_now
    ORDER BY o.next_attempt_at
    LIMIT p_limit
  $$;--> statement-breakpoint

CREATE FUNCTION app_due_loan_reminders(p_today date, p_days_before integer)
  RETURNS TABLE (id uuid, organisation_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT l.id, l.organisation_id FROM loans l
    WHERE l.status = 'ACTIVE' AND l.reminder_sent_at IS NULL
      AND l.end_date >= p_today AND l.end_date <= p_today + p_days_before
  $$;--> statement-breakpoint

CREATE FUNCTION app_due_overdue_loans(p_today date)
  RETURNS TABLE (id uuid, organisation_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT l.id, l.organisation_id FROM loans l
    WHERE l.status = 'ACTIVE' AND l.overdue_notified_at IS NULL AND l.end_date < p_today
  $$;--> statement-breakpoint

REVOKE ALL ON FUNCTION app_due_outbox(timestamptz, integer), app_due_loan_reminders(date, integer), app_due_overdue_loans(date) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_due_outbox(timestamptz, integer), app_due_loan_reminders(date, integer), app_due_overdue_loans(date) TO quartermaster_app;
