CREATE TYPE "public"."person_change_request_status" AS ENUM('open', 'applied', 'rejected', 'sent');--> statement-breakpoint
CREATE TYPE "public"."person_role" AS ENUM('athlete', 'coach', 'medical', 'staff', 'official', 'volunteer', 'parent', 'fan', 'donor');--> statement-breakpoint
CREATE TYPE "public"."activity_type" AS ENUM('training', 'match_participation', 'match_evaluation', 'mentoring_session', 'mentoring_cycle', 'education_event', 'fan_interaction');--> statement-breakpoint
CREATE TYPE "public"."conversation_kind" AS ENUM('general', 'mentoring', 'health');--> statement-breakpoint
CREATE TYPE "public"."financial_transaction_kind" AS ENUM('membership_fee', 'sponsorship', 'refund', 'purchase');--> statement-breakpoint
CREATE TYPE "public"."antidoping_result" AS ENUM('pending', 'negative', 'adverse_analytical_finding', 'atypical_finding');--> statement-breakpoint
CREATE TYPE "public"."antidoping_test_kind" AS ENUM('in_competition', 'out_of_competition');--> statement-breakpoint
CREATE TYPE "public"."incident_severity" AS ENUM('low', 'medium', 'high', 'critical');--> statement-breakpoint
CREATE TYPE "public"."incident_status" AS ENUM('open', 'investigating', 'resolved', 'dismissed');--> statement-breakpoint
CREATE TABLE "person_change_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"requested_by_user_id" uuid,
	"fields" jsonb NOT NULL,
	"status" "person_change_request_status" DEFAULT 'open' NOT NULL,
	"decided_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "person_change_requests_fields_check" CHECK (jsonb_typeof("person_change_requests"."fields") = 'object' and "person_change_requests"."fields" <> '{}'::jsonb),
	CONSTRAINT "person_change_requests_decided_check" CHECK (("person_change_requests"."status" = 'open') = ("person_change_requests"."decided_at" is null))
);
--> statement-breakpoint
CREATE TABLE "activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"type" "activity_type" NOT NULL,
	"person_id" uuid,
	"subject_pseudonym" text,
	"parent_activity_id" uuid,
	"title" text NOT NULL,
	"occurred_at" timestamp (3) with time zone NOT NULL,
	"ended_at" timestamp (3) with time zone,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"recorded_by_user_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activities_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "activities_subject_check" CHECK (num_nonnulls("activities"."person_id", "activities"."subject_pseudonym") = 1),
	CONSTRAINT "activities_subject_pseudonym_check" CHECK ("activities"."subject_pseudonym" ~ '^anonymized_[0-9a-f]+$'),
	CONSTRAINT "activities_ended_check" CHECK ("activities"."ended_at" is null or "activities"."ended_at" >= "activities"."occurred_at"),
	CONSTRAINT "activities_details_check" CHECK (jsonb_typeof("activities"."details") = 'object'),
	CONSTRAINT "activities_parent_check" CHECK ("activities"."parent_activity_id" is distinct from "activities"."id")
);
--> statement-breakpoint
CREATE TABLE "activity_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"activity_id" uuid NOT NULL,
	"author_person_id" uuid,
	"body" text NOT NULL,
	"author_anonymized" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_comments_author_check" CHECK ("activity_comments"."author_anonymized" = ("activity_comments"."author_person_id" is null))
);
--> statement-breakpoint
CREATE TABLE "conversation_participants" (
	"organisation_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"joined_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_participants_pkey" PRIMARY KEY("organisation_id","conversation_id","person_id")
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"kind" "conversation_kind" NOT NULL,
	"title" text NOT NULL,
	"retention_days" integer,
	"retention_extended_until" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversations_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "conversations_retention_days_check" CHECK ("conversations"."retention_days" is null or "conversations"."retention_days" > 0),
	CONSTRAINT "conversations_retention_extension_check" CHECK ("conversations"."retention_extended_until" is null or "conversations"."kind" in ('mentoring', 'health'))
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"author_person_id" uuid,
	"body" text NOT NULL,
	"author_anonymized" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp (3) with time zone,
	CONSTRAINT "messages_author_check" CHECK ("messages"."author_anonymized" = ("messages"."author_person_id" is null)),
	CONSTRAINT "messages_deleted_check" CHECK ("messages"."deleted_at" is null or "messages"."deleted_at" >= "messages"."created_at")
);
--> statement-breakpoint
CREATE TABLE "medical_treatments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"person_id" uuid,
	"subject_pseudonym" text,
	"diagnosis" "bytea",
	"detailed_notes" "bytea",
	"treated_by_user_id" uuid,
	"started_at" timestamp (3) with time zone NOT NULL,
	"treatment_ended_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "medical_treatments_subject_check" CHECK (num_nonnulls("medical_treatments"."person_id", "medical_treatments"."subject_pseudonym") = 1),
	CONSTRAINT "medical_treatments_subject_pseudonym_check" CHECK ("medical_treatments"."subject_pseudonym" ~ '^anonymized_[0-9a-f]+$'),
	CONSTRAINT "medical_treatments_ended_check" CHECK ("medical_treatments"."treatment_ended_at" is null or "medical_treatments"."treatment_ended_at" >= "medical_treatments"."started_at")
);
--> statement-breakpoint
CREATE TABLE "donations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"person_id" uuid,
	"subject_pseudonym" text,
	"amount" numeric(12, 2) NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"donated_at" timestamp (3) with time zone NOT NULL,
	"campaign" text,
	"anonymous_to_public" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "donations_subject_check" CHECK (num_nonnulls("donations"."person_id", "donations"."subject_pseudonym") = 1),
	CONSTRAINT "donations_subject_pseudonym_check" CHECK ("donations"."subject_pseudonym" ~ '^anonymized_[0-9a-f]+$'),
	CONSTRAINT "donations_amount_check" CHECK ("donations"."amount" > 0),
	CONSTRAINT "donations_currency_check" CHECK ("donations"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "financial_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"person_id" uuid,
	"subject_pseudonym" text,
	"kind" "financial_transaction_kind" NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"occurred_at" timestamp (3) with time zone NOT NULL,
	"reference" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "financial_transactions_subject_check" CHECK (num_nonnulls("financial_transactions"."person_id", "financial_transactions"."subject_pseudonym") = 1),
	CONSTRAINT "financial_transactions_subject_pseudonym_check" CHECK ("financial_transactions"."subject_pseudonym" ~ '^anonymized_[0-9a-f]+$'),
	CONSTRAINT "financial_transactions_amount_check" CHECK ("financial_transactions"."amount" > 0),
	CONSTRAINT "financial_transactions_currency_check" CHECK ("financial_transactions"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "antidoping_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"person_id" uuid,
	"subject_pseudonym" text,
	"tested_at" timestamp (3) with time zone NOT NULL,
	"kind" "antidoping_test_kind" NOT NULL,
	"result" "antidoping_result" DEFAULT 'pending' NOT NULL,
	"authority" text NOT NULL,
	"notes" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "antidoping_records_subject_check" CHECK (num_nonnulls("antidoping_records"."person_id", "antidoping_records"."subject_pseudonym") = 1),
	CONSTRAINT "antidoping_records_subject_pseudonym_check" CHECK ("antidoping_records"."subject_pseudonym" ~ '^anonymized_[0-9a-f]+$')
);
--> statement-breakpoint
CREATE TABLE "incident_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"person_id" uuid,
	"subject_pseudonym" text,
	"reported_by_user_id" uuid,
	"occurred_at" timestamp (3) with time zone NOT NULL,
	"severity" "incident_severity" NOT NULL,
	"description" text NOT NULL,
	"status" "incident_status" DEFAULT 'open' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "incident_reports_subject_check" CHECK (num_nonnulls("incident_reports"."person_id", "incident_reports"."subject_pseudonym") = 1),
	CONSTRAINT "incident_reports_subject_pseudonym_check" CHECK ("incident_reports"."subject_pseudonym" ~ '^anonymized_[0-9a-f]+$'),
	CONSTRAINT "incident_reports_description_check" CHECK (length(btrim("incident_reports"."description")) > 0)
);
--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "default_retention_days" integer DEFAULT 365 NOT NULL;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "identifier_national" "bytea";--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "nationality" text;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "primary_role" "person_role";--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "preferences" jsonb DEFAULT '{"channels":{"email":true,"push":true,"sms":false,"inApp":true},"marketingOptOut":false}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "processing_restricted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "deleted_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "anonymized_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "person_change_requests" ADD CONSTRAINT "person_change_requests_organisation_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_change_requests" ADD CONSTRAINT "person_change_requests_person_fk" FOREIGN KEY ("organisation_id","person_id") REFERENCES "public"."persons"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_change_requests" ADD CONSTRAINT "person_change_requests_requester_fk" FOREIGN KEY ("organisation_id","requested_by_user_id") REFERENCES "public"."users"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_organisation_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_person_fk" FOREIGN KEY ("organisation_id","person_id") REFERENCES "public"."persons"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_parent_fk" FOREIGN KEY ("organisation_id","parent_activity_id") REFERENCES "public"."activities"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_recorder_fk" FOREIGN KEY ("organisation_id","recorded_by_user_id") REFERENCES "public"."users"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_comments" ADD CONSTRAINT "activity_comments_organisation_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_comments" ADD CONSTRAINT "activity_comments_activity_fk" FOREIGN KEY ("organisation_id","activity_id") REFERENCES "public"."activities"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_comments" ADD CONSTRAINT "activity_comments_author_fk" FOREIGN KEY ("organisation_id","author_person_id") REFERENCES "public"."persons"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_participants" ADD CONSTRAINT "conversation_participants_organisation_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_participants" ADD CONSTRAINT "conversation_participants_conversation_fk" FOREIGN KEY ("organisation_id","conversation_id") REFERENCES "public"."conversations"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_participants" ADD CONSTRAINT "conversation_participants_person_fk" FOREIGN KEY ("organisation_id","person_id") REFERENCES "public"."persons"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_organisation_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_organisation_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_fk" FOREIGN KEY ("organisation_id","conversation_id") REFERENCES "public"."conversations"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_author_fk" FOREIGN KEY ("organisation_id","author_person_id") REFERENCES "public"."persons"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_treatments" ADD CONSTRAINT "medical_treatments_organisation_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_treatments" ADD CONSTRAINT "medical_treatments_person_fk" FOREIGN KEY ("organisation_id","person_id") REFERENCES "public"."persons"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_treatments" ADD CONSTRAINT "medical_treatments_treated_by_fk" FOREIGN KEY ("organisation_id","treated_by_user_id") REFERENCES "public"."users"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_organisation_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_person_fk" FOREIGN KEY ("organisation_id","person_id") REFERENCES "public"."persons"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financial_transactions" ADD CONSTRAINT "financial_transactions_organisation_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financial_transactions" ADD CONSTRAINT "financial_transactions_person_fk" FOREIGN KEY ("organisation_id","person_id") REFERENCES "public"."persons"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "antidoping_records" ADD CONSTRAINT "antidoping_records_organisation_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "antidoping_records" ADD CONSTRAINT "antidoping_records_person_fk" FOREIGN KEY ("organisation_id","person_id") REFERENCES "public"."persons"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_reports" ADD CONSTRAINT "incident_reports_organisation_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_reports" ADD CONSTRAINT "incident_reports_person_fk" FOREIGN KEY ("organisation_id","person_id") REFERENCES "public"."persons"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_reports" ADD CONSTRAINT "incident_reports_reporter_fk" FOREIGN KEY ("organisation_id","reported_by_user_id") REFERENCES "public"."users"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "person_change_requests_org_person_idx" ON "person_change_requests" USING btree ("organisation_id","person_id","created_at");--> statement-breakpoint
CREATE INDEX "person_change_requests_org_status_idx" ON "person_change_requests" USING btree ("organisation_id","status","created_at");--> statement-breakpoint
CREATE INDEX "activities_org_person_idx" ON "activities" USING btree ("organisation_id","person_id","occurred_at");--> statement-breakpoint
CREATE INDEX "activities_org_type_occurred_idx" ON "activities" USING btree ("organisation_id","type","occurred_at");--> statement-breakpoint
CREATE INDEX "activities_org_pseudonym_idx" ON "activities" USING btree ("organisation_id","subject_pseudonym") WHERE "activities"."subject_pseudonym" is not null;--> statement-breakpoint
CREATE INDEX "activities_org_parent_idx" ON "activities" USING btree ("organisation_id","parent_activity_id") WHERE "activities"."parent_activity_id" is not null;--> statement-breakpoint
CREATE INDEX "activity_comments_org_activity_idx" ON "activity_comments" USING btree ("organisation_id","activity_id","created_at");--> statement-breakpoint
CREATE INDEX "activity_comments_org_author_idx" ON "activity_comments" USING btree ("organisation_id","author_person_id");--> statement-breakpoint
CREATE INDEX "conversation_participants_org_person_idx" ON "conversation_participants" USING btree ("organisation_id","person_id");--> statement-breakpoint
CREATE INDEX "conversations_org_created_idx" ON "conversations" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "messages_org_conversation_created_idx" ON "messages" USING btree ("organisation_id","conversation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "messages_org_author_idx" ON "messages" USING btree ("organisation_id","author_person_id");--> statement-breakpoint
CREATE INDEX "medical_treatments_org_person_idx" ON "medical_treatments" USING btree ("organisation_id","person_id","started_at");--> statement-breakpoint
CREATE INDEX "medical_treatments_org_pseudonym_idx" ON "medical_treatments" USING btree ("organisation_id","subject_pseudonym") WHERE "medical_treatments"."subject_pseudonym" is not null;--> statement-breakpoint
CREATE INDEX "medical_treatments_org_ended_idx" ON "medical_treatments" USING btree ("organisation_id","treatment_ended_at");--> statement-breakpoint
CREATE INDEX "donations_org_person_idx" ON "donations" USING btree ("organisation_id","person_id","donated_at");--> statement-breakpoint
CREATE INDEX "donations_org_pseudonym_idx" ON "donations" USING btree ("organisation_id","subject_pseudonym") WHERE "donations"."subject_pseudonym" is not null;--> statement-breakpoint
CREATE INDEX "donations_org_donated_idx" ON "donations" USING btree ("organisation_id","donated_at");--> statement-breakpoint
CREATE INDEX "financial_transactions_org_person_idx" ON "financial_transactions" USING btree ("organisation_id","person_id","occurred_at");--> statement-breakpoint
CREATE INDEX "financial_transactions_org_pseudonym_idx" ON "financial_transactions" USING btree ("organisation_id","subject_pseudonym") WHERE "financial_transactions"."subject_pseudonym" is not null;--> statement-breakpoint
CREATE INDEX "financial_transactions_org_occurred_idx" ON "financial_transactions" USING btree ("organisation_id","occurred_at");--> statement-breakpoint
CREATE INDEX "antidoping_records_org_person_idx" ON "antidoping_records" USING btree ("organisation_id","person_id","tested_at");--> statement-breakpoint
CREATE INDEX "antidoping_records_org_pseudonym_idx" ON "antidoping_records" USING btree ("organisation_id","subject_pseudonym") WHERE "antidoping_records"."subject_pseudonym" is not null;--> statement-breakpoint
CREATE INDEX "antidoping_records_org_tested_idx" ON "antidoping_records" USING btree ("organisation_id","tested_at");--> statement-breakpoint
CREATE INDEX "incident_reports_org_person_idx" ON "incident_reports" USING btree ("organisation_id","person_id","occurred_at");--> statement-breakpoint
CREATE INDEX "incident_reports_org_pseudonym_idx" ON "incident_reports" USING btree ("organisation_id","subject_pseudonym") WHERE "incident_reports"."subject_pseudonym" is not null;--> statement-breakpoint
CREATE INDEX "incident_reports_org_status_idx" ON "incident_reports" USING btree ("organisation_id","status","occurred_at");--> statement-breakpoint
CREATE INDEX "persons_org_role_idx" ON "persons" USING btree ("organisation_id","primary_role");--> statement-breakpoint
CREATE INDEX "persons_org_deleted_idx" ON "persons" USING btree ("organisation_id","deleted_at") WHERE "persons"."deleted_at" is not null and "persons"."anonymized_at" is null;--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_default_retention_days_check" CHECK ("organisations"."default_retention_days" > 0);--> statement-breakpoint
ALTER TABLE "persons" ADD CONSTRAINT "persons_nationality_check" CHECK ("persons"."nationality" ~ '^[A-Z]{2}$');--> statement-breakpoint
ALTER TABLE "persons" ADD CONSTRAINT "persons_language_check" CHECK ("persons"."language" ~ '^[a-z]{2,3}(-[A-Za-z0-9]{1,8})*$');--> statement-breakpoint
ALTER TABLE "persons" ADD CONSTRAINT "persons_preferences_check" CHECK (jsonb_typeof("persons"."preferences") = 'object');--> statement-breakpoint
ALTER TABLE "persons" ADD CONSTRAINT "persons_anonymized_check" CHECK ("persons"."anonymized_at" is null or ("persons"."deleted_at" is not null and "persons"."anonymized_at" >= "persons"."deleted_at"));