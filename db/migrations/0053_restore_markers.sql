CREATE TABLE "restore_markers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"source" text NOT NULL,
	"ledger_replayed_at" timestamp (3) with time zone,
	"ledger_result" jsonb,
	CONSTRAINT "restore_markers_source_check" CHECK (length(btrim("restore_markers"."source")) between 1 and 500),
	CONSTRAINT "restore_markers_result_check" CHECK (("restore_markers"."ledger_replayed_at" is null) = ("restore_markers"."ledger_result" is null))
);
--> statement-breakpoint
-- Issue 27: a restore marker is the operator's, not a tenant's. The start-up replay reads and stamps markers outside
-- any tenant; a request transaction (a tenant set) sees none and can change none. Adding one is the operator's act
-- (npm run ledger:mark-restored, as the owner), so the app role may neither insert nor delete.
GRANT SELECT, UPDATE ON restore_markers TO quartermaster_app;--> statement-breakpoint
ALTER TABLE restore_markers ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE restore_markers FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY operator_only ON restore_markers
  USING (app_current_organisation_id() IS NULL)
  WITH CHECK (app_current_organisation_id() IS NULL);
