ALTER TABLE "assets" ADD CONSTRAINT "assets_org_id_key" UNIQUE("organisation_id","id");--> statement-breakpoint
CREATE TYPE "public"."loan_status" AS ENUM('PENDING_APPROVAL', 'APPROVED', 'ACTIVE', 'RETURNED', 'REJECTED', 'CANCELLED');--> statement-breakpoint
CREATE TYPE "public"."outbox_status" AS ENUM('PENDING', 'SENT', 'FAILED');--> statement-breakpoint
CREATE TABLE "loans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"asset_id" uuid NOT NULL,
	"requester_id" uuid NOT NULL,
	"approver_id" uuid,
	"decided_by_id" uuid,
	"status" "loan_status" NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"purpose" text NOT NULL,
	"rejection_reason" text,
	"extension_requested_end_date" date,
	"decided_at" timestamp (3) with time zone,
	"picked_up_at" timestamp (3) with time zone,
	"returned_at" timestamp (3) with time zone,
	"cancelled_at" timestamp (3) with time zone,
	"reminder_sent_at" timestamp (3) with time zone,
	"overdue_notified_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"loan_id" uuid,
	"read_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" "outbox_status" DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"delivered_via" text,
	"provider_message_id" text,
	"sent_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_organisation_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_asset_fk" FOREIGN KEY ("organisation_id","asset_id") REFERENCES "public"."assets"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_requester_fk" FOREIGN KEY ("organisation_id","requester_id") REFERENCES "public"."users"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_approver_fk" FOREIGN KEY ("organisation_id","approver_id") REFERENCES "public"."users"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_decided_by_fk" FOREIGN KEY ("organisation_id","decided_by_id") REFERENCES "public"."users"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_organisation_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_fk" FOREIGN KEY ("organisation_id","user_id") REFERENCES "public"."users"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loans_org_created_idx" ON "loans" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "loans_org_requester_idx" ON "loans" USING btree ("organisation_id","requester_id","created_at");--> statement-breakpoint
CREATE INDEX "loans_org_asset_dates_idx" ON "loans" USING btree ("organisation_id","asset_id","start_date");--> statement-breakpoint
CREATE INDEX "loans_org_status_end_idx" ON "loans" USING btree ("organisation_id","status","end_date");--> statement-breakpoint
CREATE INDEX "notifications_org_user_created_idx" ON "notifications" USING btree ("organisation_id","user_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_org_idempotency_key" ON "outbox" USING btree ("organisation_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "outbox_org_created_idx" ON "outbox" USING btree ("organisation_id","created_at");
