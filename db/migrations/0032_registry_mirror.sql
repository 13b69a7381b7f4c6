CREATE TYPE "public"."person_sync_status" AS ENUM('synced', 'pending', 'conflict', 'pending_registration');--> statement-breakpoint
CREATE TYPE "public"."registry_webhook_status" AS ENUM('received', 'retry', 'processed', 'ignored', 'failed', 'rejected');--> statement-breakpoint
CREATE TABLE "registry_sync_state" (
	"organisation_id" uuid NOT NULL,
	"entity" text NOT NULL,
	"changed_since" timestamp (3) with time zone,
	"last_run_at" timestamp (3) with time zone,
	"last_success_at" timestamp (3) with time zone,
	"last_error" text,
	CONSTRAINT "registry_sync_state_pkey" PRIMARY KEY("organisation_id","entity"),
	CONSTRAINT "registry_sync_state_entity_check" CHECK ("registry_sync_state"."entity" in ('person', 'organization', 'codelist'))
);
--> statement-breakpoint
CREATE TABLE "registry_webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"delivery_key" text,
	"event" text,
	"registry_person_id" text,
	"subject_id" text,
	"submission_id" text,
	"changed_fields" text[] DEFAULT '{}' NOT NULL,
	"event_timestamp" timestamp (3) with time zone,
	"status" "registry_webhook_status" NOT NULL,
	"secret_index" integer,
	"outcome" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp (3) with time zone,
	"last_error" text,
	"received_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp (3) with time zone,
	CONSTRAINT "registry_webhook_deliveries_key_check" CHECK (("registry_webhook_deliveries"."status" = 'rejected') = ("registry_webhook_deliveries"."delivery_key" is null))
);
--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "registry_id" text;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "sync_status" "person_sync_status";--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "last_synced_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "registry_base" jsonb;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "registry_submission_id" text;--> statement-breakpoint
ALTER TABLE "registry_sync_state" ADD CONSTRAINT "registry_sync_state_organisation_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "registry_webhook_deliveries_key" ON "registry_webhook_deliveries" USING btree ("delivery_key");--> statement-breakpoint
CREATE INDEX "registry_webhook_deliveries_due_idx" ON "registry_webhook_deliveries" USING btree ("status","next_attempt_at") WHERE "registry_webhook_deliveries"."status" in ('received', 'retry');--> statement-breakpoint
CREATE INDEX "registry_webhook_deliveries_received_idx" ON "registry_webhook_deliveries" USING btree ("received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "persons_org_registry_id_key" ON "persons" USING btree ("organisation_id","registry_id") WHERE "persons"."registry_id" is not null;--> statement-breakpoint
CREATE INDEX "persons_registry_id_idx" ON "persons" USING btree ("registry_id") WHERE "persons"."registry_id" is not null;--> statement-breakpoint
ALTER TABLE "persons" ADD CONSTRAINT "persons_registry_base_check" CHECK ("persons"."registry_base" is null or jsonb_typeof("persons"."registry_base") = 'object');