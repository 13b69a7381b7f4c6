-- The monthly legal report job (spec 001) visits every tenant; like the other job lookups this returns identifiers
-- only, and each report is then computed and stored under the tenant's own RLS context. A tenant created after
-- the month ended has nothing to report on for it.
CREATE FUNCTION app_organisations_due_legal_report(p_period_start date, p_period_end timestamptz)
  RETURNS TABLE (organisation_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT o.id FROM organisations o
    WHERE o.created_at < p_period_end
      AND NOT EXISTS (SELECT 1 FROM legal_reports r WHERE r.organisation_id = o.id AND r.period_start = p_period_start)
    ORDER BY o.id
  $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_organisations_due_legal_report(date, timestamptz) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_organisations_due_legal_report(date, timestamptz) TO quartermaster_app;
