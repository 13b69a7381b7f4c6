CREATE TYPE "public"."webhook_delivery_status" AS ENUM('PENDING', 'DELIVERED', 'FAILED');--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"event_type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" "webhook_delivery_status" DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_attempt_at" timestamp (3) with time zone,
	"last_response_status" integer,
	"last_error" text,
	"delivered_at" timestamp (3) with time zone,
	"redelivery_of" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_deliveries_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "webhook_deliveries_attempts_check" CHECK ("webhook_deliveries"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "webhook_delivery_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"delivery_id" uuid NOT NULL,
	"attempted_at" timestamp (3) with time zone NOT NULL,
	"response_status" integer,
	"error" text,
	"duration_ms" integer NOT NULL,
	CONSTRAINT "webhook_delivery_attempts_outcome_check" CHECK (num_nonnulls("webhook_delivery_attempts"."response_status", "webhook_delivery_attempts"."error") >= 1)
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"url" text NOT NULL,
	"description" text,
	"event_types" text[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"secret" "bytea" NOT NULL,
	"previous_secret" "bytea",
	"previous_secret_expires_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_endpoints_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "webhook_endpoints_event_types_check" CHECK (cardinality("webhook_endpoints"."event_types") > 0),
	CONSTRAINT "webhook_endpoints_previous_secret_check" CHECK (("webhook_endpoints"."previous_secret" is null) = ("webhook_endpoints"."previous_secret_expires_at" is null))
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_fk" FOREIGN KEY ("organisation_id","endpoint_id") REFERENCES "public"."webhook_endpoints"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_delivery_attempts" ADD CONSTRAINT "webhook_delivery_attempts_delivery_fk" FOREIGN KEY ("organisation_id","delivery_id") REFERENCES "public"."webhook_deliveries"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_organisation_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_created_idx" ON "webhook_deliveries" USING btree ("organisation_id","endpoint_id","created_at","id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_finished_idx" ON "webhook_deliveries" USING btree ("created_at") WHERE "webhook_deliveries"."status" <> 'PENDING';--> statement-breakpoint
CREATE INDEX "webhook_delivery_attempts_delivery_idx" ON "webhook_delivery_attempts" USING btree ("organisation_id","delivery_id","attempted_at");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_org_created_idx" ON "webhook_endpoints" USING btree ("organisation_id","created_at","id");