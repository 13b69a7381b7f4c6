-- Tenant isolation for the erasure requests, retention runs and legal reports (spec 001; DESIGN.md invariant 1).
-- None of them can be deleted by the app: each is the evidence of a request, a run or a report.
GRANT SELECT, INSERT, UPDATE ON data_deletion_requests TO quartermaster_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON retention_runs TO quartermaster_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON legal_reports TO quartermaster_app;--> statement-breakpoint

ALTER TABLE data_deletion_requests ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE data_deletion_requests FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON data_deletion_requests
  USING (organisation_id = app_current_organisation_id())
  WITH CHECK (organisation_id = app_current_organisation_id());--> statement-breakpoint

ALTER TABLE retention_runs ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE retention_runs FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON retention_runs
  USING (organisation_id = app_current_organisation_id())
  WITH CHECK (organisation_id = app_current_organisation_id());--> statement-breakpoint

ALTER TABLE legal_reports ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE legal_reports FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON legal_reports
  USING (organisation_id = app_current_organisation_id())
  WITH CHECK (organisation_id = app_current_organisation_id());
