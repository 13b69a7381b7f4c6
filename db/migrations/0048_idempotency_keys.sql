CREATE TYPE "public"."idempotency_key_status" AS ENUM('in_progress', 'completed');--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"organisation_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_method" text NOT NULL,
	"request_path" text NOT NULL,
	"request_fingerprint" text NOT NULL,
	"status" "idempotency_key_status" DEFAULT 'in_progress' NOT NULL,
	"response_status" integer,
	"response_headers" jsonb,
	"response_body" "bytea",
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp (3) with time zone,
	"expires_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY("organisation_id","user_id","key"),
	CONSTRAINT "idempotency_keys_key_check" CHECK ("idempotency_keys"."key" ~ '^[\x20-\x7E]{1,255}$'),
	CONSTRAINT "idempotency_keys_fingerprint_check" CHECK ("idempotency_keys"."request_fingerprint" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "idempotency_keys_expiry_check" CHECK ("idempotency_keys"."expires_at" > "idempotency_keys"."created_at"),
	CONSTRAINT "idempotency_keys_response_check" CHECK (("idempotency_keys"."status" = 'in_progress' and "idempotency_keys"."response_status" is null and "idempotency_keys"."response_headers" is null and "idempotency_keys"."response_body" is null and "idempotency_keys"."completed_at" is null)
        or ("idempotency_keys"."status" = 'completed' and "idempotency_keys"."response_status" between 100 and 599 and "idempotency_keys"."response_headers" is not null and "idempotency_keys"."response_body" is not null and "idempotency_keys"."completed_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_organisation_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_fk" FOREIGN KEY ("organisation_id","user_id") REFERENCES "public"."users"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_expires_idx" ON "idempotency_keys" USING btree ("expires_at");