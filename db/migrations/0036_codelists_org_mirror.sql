CREATE TABLE "codelist_values" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"codelist" text NOT NULL,
	"code" text NOT NULL,
	"label" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"is_custom" boolean DEFAULT true NOT NULL,
	"custom_for_org_id" uuid,
	"registry_updated_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "codelist_values_custom_check" CHECK ("codelist_values"."is_custom" = ("codelist_values"."custom_for_org_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "codelists" (
	"name" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"is_local" boolean DEFAULT false NOT NULL,
	"source" text NOT NULL,
	"cadence" text,
	"changed_since" timestamp (3) with time zone,
	"last_synced_at" timestamp (3) with time zone,
	"last_error" text,
	CONSTRAINT "codelists_source_check" CHECK ("codelists"."source" in ('registry', 'local') and ("codelists"."source" = 'local') = "codelists"."is_local"),
	CONSTRAINT "codelists_cadence_check" CHECK (("codelists"."is_local" and "codelists"."cadence" is null) or (not "codelists"."is_local" and "codelists"."cadence" in ('weekly', 'daily')))
);
--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "registry_id" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "registry_official" jsonb;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "registry_synced_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "codelist_values" ADD CONSTRAINT "codelist_values_codelist_fk" FOREIGN KEY ("codelist") REFERENCES "public"."codelists"("name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "codelist_values" ADD CONSTRAINT "codelist_values_custom_for_org_fk" FOREIGN KEY ("custom_for_org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "codelist_values_registry_key" ON "codelist_values" USING btree ("codelist","code") WHERE "codelist_values"."custom_for_org_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "codelist_values_custom_key" ON "codelist_values" USING btree ("codelist","custom_for_org_id","code") WHERE "codelist_values"."custom_for_org_id" is not null;--> statement-breakpoint
CREATE INDEX "codelist_values_custom_org_idx" ON "codelist_values" USING btree ("custom_for_org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "organisations_registry_id_key" ON "organisations" USING btree ("registry_id");