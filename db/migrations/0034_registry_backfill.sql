CREATE TABLE "registry_backfill_mismatches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"registry_id" text NOT NULL,
	"fields" text[] NOT NULL,
	"registry_values" jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"detected_at" timestamp (3) with time zone NOT NULL,
	"resolved_at" timestamp (3) with time zone,
	"resolved_by" uuid,
	CONSTRAINT "registry_backfill_mismatches_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "registry_backfill_mismatches_person_key" UNIQUE("organisation_id","person_id","registry_id"),
	CONSTRAINT "registry_backfill_mismatches_status_check" CHECK ("registry_backfill_mismatches"."status" in ('open', 'accepted', 'dismissed'))
);
--> statement-breakpoint
CREATE TABLE "registry_backfills" (
	"organisation_id" uuid NOT NULL,
	"status" text NOT NULL,
	"snapshot_id" text,
	"last_page" integer DEFAULT 0 NOT NULL,
	"total_pages" integer,
	"matched" integer DEFAULT 0 NOT NULL,
	"mismatched" integer DEFAULT 0 NOT NULL,
	"local_only" integer DEFAULT 0 NOT NULL,
	"requested_by" uuid,
	"requested_at" timestamp (3) with time zone NOT NULL,
	"started_at" timestamp (3) with time zone,
	"finished_at" timestamp (3) with time zone,
	"last_error" text,
	"updated_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "registry_backfills_pkey" PRIMARY KEY("organisation_id"),
	CONSTRAINT "registry_backfills_status_check" CHECK ("registry_backfills"."status" in ('requested', 'running', 'completed', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "registry_backfill_mismatches" ADD CONSTRAINT "registry_backfill_mismatches_person_fk" FOREIGN KEY ("organisation_id","person_id") REFERENCES "public"."persons"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_backfills" ADD CONSTRAINT "registry_backfills_organisation_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "registry_backfill_mismatches_status_idx" ON "registry_backfill_mismatches" USING btree ("organisation_id","status","detected_at");