DROP INDEX "assets_org_category_idx";--> statement-breakpoint
DROP INDEX "assets_org_location_idx";--> statement-breakpoint
DROP INDEX "assets_org_owner_idx";--> statement-breakpoint
CREATE INDEX "assets_org_category_created_idx" ON "assets" USING btree ("organisation_id","category_id","created_at","id");--> statement-breakpoint
CREATE INDEX "assets_org_location_created_idx" ON "assets" USING btree ("organisation_id","location_id","created_at","id");--> statement-breakpoint
CREATE INDEX "assets_org_owner_created_idx" ON "assets" USING btree ("organisation_id","owner_id","created_at","id");