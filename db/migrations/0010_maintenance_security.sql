-- Tenant isolation for maintenance entries and asset photos (DESIGN.md invariant 1), as for every other tenant table.
GRANT SELECT, INSERT, UPDATE, DELETE ON asset_maintenance TO quartermaster_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON asset_photos TO quartermaster_app;--> statement-breakpoint

ALTER TABLE asset_maintenance ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE asset_maintenance FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON asset_maintenance
  USING (organisation_id = app_current_organisation_id())
  WITH CHECK (organisation_id = app_current_organisation_id());--> statement-breakpoint

ALTER TABLE asset_photos ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE asset_photos FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON asset_photos
  USING (organisation_id = app_current_organisation_id())
  WITH CHECK (organisation_id = app_current_organisation_id());
