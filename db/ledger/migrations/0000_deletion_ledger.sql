CREATE TYPE "public"."ledger_reason" AS ENUM('erasure_request', 'retention');--> statement-breakpoint
CREATE TYPE "public"."ledger_scope" AS ENUM('full', 'partial');--> statement-breakpoint
CREATE TABLE "deletion_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_key" text NOT NULL,
	"organisation_id" uuid NOT NULL,
	"subject_key" text NOT NULL,
	"reason" "ledger_reason" NOT NULL,
	"scope" "ledger_scope" NOT NULL,
	"fields" text[] DEFAULT '{}'::text[] NOT NULL,
	"effective_at" timestamp (3) with time zone NOT NULL,
	"recorded_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deletion_ledger_subject_key_check" CHECK ("deletion_ledger"."subject_key" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "deletion_ledger_fields_check" CHECK (("deletion_ledger"."scope" = 'full') = (cardinality("deletion_ledger"."fields") = 0))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "deletion_ledger_entry_key" ON "deletion_ledger" USING btree ("entry_key");--> statement-breakpoint
CREATE INDEX "deletion_ledger_org_idx" ON "deletion_ledger" USING btree ("organisation_id","recorded_at");