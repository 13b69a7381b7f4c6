CREATE TYPE "public"."data_deletion_scope" AS ENUM('full', 'partial');--> statement-breakpoint
CREATE TYPE "public"."data_deletion_status" AS ENUM('pending', 'verified', 'in_progress', 'completed', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."identity_verification_method" AS ENUM('phone', 'video', 'in_person');--> statement-breakpoint
CREATE TYPE "public"."retention_run_status" AS ENUM('running', 'succeeded', 'failed');--> statement-breakpoint
CREATE TABLE "data_deletion_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"requested_by_user_id" uuid,
	"requested_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"status" "data_deletion_status" DEFAULT 'pending' NOT NULL,
	"scope" "data_deletion_scope" NOT NULL,
	"partial_fields" text[] DEFAULT '{}'::text[] NOT NULL,
	"verification_method" "identity_verification_method",
	"verification_note" text,
	"verified_by_user_id" uuid,
	"verified_at" timestamp (3) with time zone,
	"rejection_reason" text,
	"rejected_by_user_id" uuid,
	"rejected_at" timestamp (3) with time zone,
	"target_due_at" timestamp (3) with time zone,
	"legal_due_at" timestamp (3) with time zone NOT NULL,
	"started_at" timestamp (3) with time zone,
	"completed_at" timestamp (3) with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_deletion_requests_scope_check" CHECK (("data_deletion_requests"."scope" = 'full' and cardinality("data_deletion_requests"."partial_fields") = 0) or ("data_deletion_requests"."scope" = 'partial' and cardinality("data_deletion_requests"."partial_fields") > 0)),
	CONSTRAINT "data_deletion_requests_verified_check" CHECK ("data_deletion_requests"."status" in ('pending', 'rejected') or ("data_deletion_requests"."verified_at" is not null and "data_deletion_requests"."verification_method" is not null and "data_deletion_requests"."target_due_at" is not null)),
	CONSTRAINT "data_deletion_requests_rejected_check" CHECK ("data_deletion_requests"."status" <> 'rejected' or ("data_deletion_requests"."rejected_at" is not null and length(trim("data_deletion_requests"."rejection_reason")) > 0)),
	CONSTRAINT "data_deletion_requests_completed_check" CHECK ("data_deletion_requests"."status" <> 'completed' or "data_deletion_requests"."completed_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "legal_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"figures" jsonb NOT NULL,
	"generated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legal_reports_period_check" CHECK ("legal_reports"."period_end" >= "legal_reports"."period_start")
);
--> statement-breakpoint
CREATE TABLE "retention_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"dry_run" boolean NOT NULL,
	"trigger" text NOT NULL,
	"requested_by_user_id" uuid,
	"as_of" timestamp (3) with time zone NOT NULL,
	"status" "retention_run_status" DEFAULT 'running' NOT NULL,
	"results" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"started_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp (3) with time zone,
	CONSTRAINT "retention_runs_trigger_check" CHECK ("retention_runs"."trigger" in ('schedule', 'manual')),
	CONSTRAINT "retention_runs_finished_check" CHECK (("retention_runs"."status" = 'running') = ("retention_runs"."finished_at" is null))
);
--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "legal_contact_email" text;--> statement-breakpoint
ALTER TABLE "data_deletion_requests" ADD CONSTRAINT "data_deletion_requests_organisation_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_deletion_requests" ADD CONSTRAINT "data_deletion_requests_person_fk" FOREIGN KEY ("organisation_id","person_id") REFERENCES "public"."persons"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_deletion_requests" ADD CONSTRAINT "data_deletion_requests_requester_fk" FOREIGN KEY ("organisation_id","requested_by_user_id") REFERENCES "public"."users"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_deletion_requests" ADD CONSTRAINT "data_deletion_requests_verifier_fk" FOREIGN KEY ("organisation_id","verified_by_user_id") REFERENCES "public"."users"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_deletion_requests" ADD CONSTRAINT "data_deletion_requests_rejecter_fk" FOREIGN KEY ("organisation_id","rejected_by_user_id") REFERENCES "public"."users"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_reports" ADD CONSTRAINT "legal_reports_organisation_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_runs" ADD CONSTRAINT "retention_runs_organisation_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_runs" ADD CONSTRAINT "retention_runs_requester_fk" FOREIGN KEY ("organisation_id","requested_by_user_id") REFERENCES "public"."users"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_deletion_requests_org_status_idx" ON "data_deletion_requests" USING btree ("organisation_id","status","requested_at","id");--> statement-breakpoint
CREATE INDEX "data_deletion_requests_org_person_idx" ON "data_deletion_requests" USING btree ("organisation_id","person_id");--> statement-breakpoint
CREATE UNIQUE INDEX "data_deletion_requests_open_key" ON "data_deletion_requests" USING btree ("organisation_id","person_id") WHERE "data_deletion_requests"."status" in ('pending', 'verified', 'in_progress');--> statement-breakpoint
CREATE UNIQUE INDEX "legal_reports_org_period_key" ON "legal_reports" USING btree ("organisation_id","period_start");--> statement-breakpoint
CREATE INDEX "retention_runs_org_started_idx" ON "retention_runs" USING btree ("organisation_id","started_at","id");