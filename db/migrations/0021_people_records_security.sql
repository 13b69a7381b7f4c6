-- Tenant isolation for persons' records (spec 001; DESIGN.md invariant 1), as for every other tenant table.
-- The app deletes too: the retention job removes expired records and erasure removes a subject's messages.
GRANT SELECT, INSERT, UPDATE, DELETE ON person_change_requests, activities, activity_comments, conversations, conversation_participants, messages, medical_treatments, donations, financial_transactions, antidoping_records, incident_reports TO quartermaster_app;--> statement-breakpoint

ALTER TABLE person_change_requests ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE person_change_requests FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON person_change_requests
  USING (organisation_id = app_current_organisation_id())
  WITH CHECK (organisation_id = app_current_organisation_id());--> statement-breakpoint

ALTER TABLE activities ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE activities FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON activities
  USING (organisation_id = app_current_organisation_id())
  WITH CHECK (organisation_id = app_current_organisation_id());--> statement-breakpoint

ALTER TABLE activity_comments ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE activity_comments FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON activity_comments
  USING (organisation_id = app_current_organisation_id())
  WITH CHECK (organisation_id = app_current_organisation_id());--> statement-breakpoint

ALTER TABLE conversations ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE conversations FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON conversations
  USING (organisation_id = app_current_organisation_id())
  WITH CHECK (organisation_id = app_current_organisation_id());--> statement-breakpoint

ALTER TABLE conversation_participants ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE conversation_participants FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON conversation_participants
  USING (organisation_id = app_current_organisation_id())
  WITH CHECK (organisation_id = app_current_organisation_id());--> statement-breakpoint

ALTER TABLE messages ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE messages FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON messages
  USING (organisation_id = app_current_organisation_id())
  WITH CHECK (organisation_id = app_current_organisation_id());--> statement-breakpoint

ALTER TABLE medical_treatments ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE medical_treatments FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON medical_treatments
  USING (organisation_id = app_current_organisation_id())
  WITH CHECK (organisation_id = app_current_organisation_id());--> statement-breakpoint

ALTER TABLE donations ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE donations FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON donations
  USING (organisation_id = app_current_organisation_id())
  WITH CHECK (organisation_id = app_current_organisation_id());--> statement-breakpoint

ALTER TABLE financial_transactions ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE financial_transactions FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON financial_transactions
  USING (organisation_id = app_current_organisation_id())
  WITH CHECK (organisation_id = app_current_organisation_id());--> statement-breakpoint

ALTER TABLE antidoping_records ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE antidoping_records FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON antidoping_records
  USING (organisation_id = app_current_organisation_id())
  WITH CHECK (organisation_id = app_current_organisation_id());--> statement-breakpoint

ALTER TABLE incident_reports ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE incident_reports FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON incident_reports
  USING (organisation_id = app_current_organisation_id())
  WITH CHECK (organisation_id = app_current_organisation_id());
