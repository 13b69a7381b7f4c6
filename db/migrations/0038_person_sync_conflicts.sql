CREATE TABLE "person_sync_conflicts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"registry_id" text NOT NULL,
	"field" text NOT NULL,
	"base_value" text,
	"local_value" text,
	"registry_value" text,
	"values_hidden" boolean DEFAULT false NOT NULL,
	"local_change" text NOT NULL,
	"change_request_id" uuid,
	"source" text NOT NULL,
	"registry_version" integer,
	"detected_at" timestamp (3) with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"resolution" text,
	"resolved_by" uuid,
	"resolved_at" timestamp (3) with time zone,
	CONSTRAINT "person_sync_conflicts_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "person_sync_conflicts_field_check" CHECK ("person_sync_conflicts"."field" in ('firstName', 'lastName', 'birthDate', 'identifierNational', 'nationality', 'officialEmail')),
	CONSTRAINT "person_sync_conflicts_hidden_check" CHECK (not "person_sync_conflicts"."values_hidden" or ("person_sync_conflicts"."base_value" is null and "person_sync_conflicts"."local_value" is null and "person_sync_conflicts"."registry_value" is null)),
	CONSTRAINT "person_sync_conflicts_identifier_check" CHECK ("person_sync_conflicts"."field" <> 'identifierNational' or "person_sync_conflicts"."values_hidden"),
	CONSTRAINT "person_sync_conflicts_local_change_check" CHECK ("person_sync_conflicts"."local_change" in ('edited', 'proposal')),
	CONSTRAINT "person_sync_conflicts_source_check" CHECK ("person_sync_conflicts"."source" in ('webhook', 'reconcile', 'backfill')),
	CONSTRAINT "person_sync_conflicts_status_check" CHECK ("person_sync_conflicts"."status" in ('open', 'resolved')),
	CONSTRAINT "person_sync_conflicts_resolution_check" CHECK ("person_sync_conflicts"."resolution" is null or "person_sync_conflicts"."resolution" in ('registry_value', 'local_value_reproposed')),
	CONSTRAINT "person_sync_conflicts_resolved_check" CHECK (("person_sync_conflicts"."status" = 'resolved') = ("person_sync_conflicts"."resolution" is not null and "person_sync_conflicts"."resolved_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "person_sync_conflicts" ADD CONSTRAINT "person_sync_conflicts_person_fk" FOREIGN KEY ("organisation_id","person_id") REFERENCES "public"."persons"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "person_sync_conflicts_open_key" ON "person_sync_conflicts" USING btree ("organisation_id","person_id","field") WHERE "person_sync_conflicts"."status" = 'open';--> statement-breakpoint
CREATE INDEX "person_sync_conflicts_status_idx" ON "person_sync_conflicts" USING btree ("organisation_id","status","detected_at","id");--> statement-breakpoint
CREATE INDEX "registry_webhook_deliveries_person_idx" ON "registry_webhook_deliveries" USING btree ("registry_person_id","received_at") WHERE "registry_webhook_deliveries"."registry_person_id" is not null;--> statement-breakpoint
CREATE INDEX "registry_webhook_deliveries_subject_idx" ON "registry_webhook_deliveries" USING btree ("subject_id","received_at") WHERE "registry_webhook_deliveries"."subject_id" is not null;