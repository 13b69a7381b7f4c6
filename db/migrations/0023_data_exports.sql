CREATE TYPE "public"."data_export_format" AS ENUM('json', 'pdf');--> statement-breakpoint
CREATE TYPE "public"."data_export_status" AS ENUM('pending', 'running', 'ready', 'failed', 'expired');--> statement-breakpoint
CREATE TABLE "data_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"requested_by_user_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"format" "data_export_format" NOT NULL,
	"status" "data_export_status" DEFAULT 'pending' NOT NULL,
	"progress_done" integer DEFAULT 0 NOT NULL,
	"progress_total" integer,
	"content" "bytea",
	"content_type" text,
	"size_bytes" integer,
	"download_token_hash" text,
	"link_expires_at" timestamp (3) with time zone,
	"downloaded_at" timestamp (3) with time zone,
	"error" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp (3) with time zone,
	"completed_at" timestamp (3) with time zone,
	CONSTRAINT "data_exports_progress_check" CHECK ("data_exports"."progress_done" >= 0 and ("data_exports"."progress_total" is null or "data_exports"."progress_total" >= 0)),
	CONSTRAINT "data_exports_token_hash_check" CHECK ("data_exports"."download_token_hash" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "data_exports_content_check" CHECK ("data_exports"."content" is null or ("data_exports"."status" = 'ready' and "data_exports"."downloaded_at" is null)),
	CONSTRAINT "data_exports_ready_check" CHECK ("data_exports"."status" <> 'ready' or ("data_exports"."download_token_hash" is not null and "data_exports"."link_expires_at" is not null and "data_exports"."completed_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_organisation_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_requester_fk" FOREIGN KEY ("organisation_id","requested_by_user_id") REFERENCES "public"."users"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_person_fk" FOREIGN KEY ("organisation_id","person_id") REFERENCES "public"."persons"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_exports_org_person_created_idx" ON "data_exports" USING btree ("organisation_id","person_id","created_at","id");--> statement-breakpoint
CREATE INDEX "data_exports_ready_link_idx" ON "data_exports" USING btree ("link_expires_at") WHERE "data_exports"."status" = 'ready' and "data_exports"."downloaded_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "data_exports_in_progress_key" ON "data_exports" USING btree ("organisation_id","person_id","format") WHERE "data_exports"."status" in ('pending', 'running');--> statement-breakpoint
CREATE INDEX "audit_log_org_target_idx" ON "audit_log" USING btree ("organisation_id","target_id","id");