CREATE TYPE "public"."person_change_proposal_kind" AS ENUM('update', 'create', 'deactivate');--> statement-breakpoint
ALTER TABLE "person_change_requests" DROP CONSTRAINT "person_change_requests_decided_check";--> statement-breakpoint
ALTER TABLE "person_change_requests" ALTER COLUMN "status" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "person_change_requests" ALTER COLUMN "status" SET DEFAULT 'pending'::text;--> statement-breakpoint
-- Issue 15: requests become spec 002's proposals. A 'sent' request never recorded a registry submission id (no
-- code sent one), so it goes back to approved_locally and the submission job sends it, under its own key.
UPDATE "person_change_requests" SET "status" = CASE "status" WHEN 'open' THEN 'pending' WHEN 'applied' THEN 'accepted' WHEN 'sent' THEN 'approved_locally' ELSE "status" END;--> statement-breakpoint
DROP TYPE "public"."person_change_request_status";--> statement-breakpoint
CREATE TYPE "public"."person_change_request_status" AS ENUM('pending', 'approved_locally', 'submitted', 'accepted', 'rejected');--> statement-breakpoint
ALTER TABLE "person_change_requests" ALTER COLUMN "status" SET DEFAULT 'pending'::"public"."person_change_request_status";--> statement-breakpoint
ALTER TABLE "person_change_requests" ALTER COLUMN "status" SET DATA TYPE "public"."person_change_request_status" USING "status"::"public"."person_change_request_status";--> statement-breakpoint
ALTER TABLE "person_change_requests" ADD COLUMN "kind" "person_change_proposal_kind" DEFAULT 'update' NOT NULL;--> statement-breakpoint
ALTER TABLE "person_change_requests" ADD COLUMN "evidence" jsonb;--> statement-breakpoint
ALTER TABLE "person_change_requests" ADD COLUMN "idempotency_key" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "person_change_requests" ADD COLUMN "registry_person_id" text;--> statement-breakpoint
ALTER TABLE "person_change_requests" ADD COLUMN "external_submission_id" text;--> statement-breakpoint
ALTER TABLE "person_change_requests" ADD COLUMN "approved_via" text;--> statement-breakpoint
ALTER TABLE "person_change_requests" ADD COLUMN "decided_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "person_change_requests" ADD COLUMN "submitted_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "person_change_requests" ADD COLUMN "resolved_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "person_change_requests" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "person_change_requests" ADD COLUMN "submission_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "person_change_requests" ADD COLUMN "next_attempt_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "person_change_requests" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "person_change_requests" ADD COLUMN "email_token_hash" text;--> statement-breakpoint
ALTER TABLE "person_change_requests" ADD COLUMN "email_token_expires_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "person_change_requests" ADD COLUMN "email_confirmed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "person_change_requests" ADD CONSTRAINT "person_change_requests_decider_fk" FOREIGN KEY ("organisation_id","decided_by_user_id") REFERENCES "public"."users"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "person_change_requests_due_idx" ON "person_change_requests" USING btree ("status","next_attempt_at") WHERE "person_change_requests"."status" in ('approved_locally', 'submitted');--> statement-breakpoint
CREATE UNIQUE INDEX "person_change_requests_idempotency_key" ON "person_change_requests" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "person_change_requests_email_token_key" ON "person_change_requests" USING btree ("email_token_hash") WHERE "person_change_requests"."email_token_hash" is not null;--> statement-breakpoint
ALTER TABLE "person_change_requests" ADD CONSTRAINT "person_change_requests_submitted_check" CHECK ("person_change_requests"."status" <> 'submitted' or "person_change_requests"."external_submission_id" is not null);--> statement-breakpoint
ALTER TABLE "person_change_requests" ADD CONSTRAINT "person_change_requests_evidence_check" CHECK ("person_change_requests"."evidence" is null or (jsonb_typeof("person_change_requests"."evidence") = 'object' and "person_change_requests"."evidence" ->> 'documentUrl' like 'https://%'));--> statement-breakpoint
ALTER TABLE "person_change_requests" ADD CONSTRAINT "person_change_requests_decided_check" CHECK (("person_change_requests"."status" = 'pending') = ("person_change_requests"."decided_at" is null));