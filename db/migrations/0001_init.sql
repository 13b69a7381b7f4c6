CREATE TYPE "public"."asset_status" AS ENUM('AVAILABLE', 'LOANED', 'MAINTENANCE', 'RETIRED');--> statement-breakpoint
CREATE TYPE "public"."audit_actor_type" AS ENUM('USER', 'SYSTEM');--> statement-breakpoint
CREATE TYPE "public"."plan_tier" AS ENUM('FREE', 'PRO_SMALL', 'PRO_STANDARD', 'PRO_PLUS', 'ENTERPRISE');--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('EMPLOYEE', 'ASSET_MANAGER', 'ADMIN');--> statement-breakpoint
CREATE TABLE "assets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"name" text NOT NULL,
	"category_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"status" "asset_status" DEFAULT 'AVAILABLE' NOT NULL,
	"inventory_number" text NOT NULL,
	"photo_url" text,
	"qr_code_token" text NOT NULL,
	"serial_number" text,
	"manufacturer" text,
	"model" text,
	"purchase_date" date,
	"value" numeric(14, 2),
	"currency" text DEFAULT 'EUR' NOT NULL,
	"supplier" text,
	"warranty_months" integer,
	"owner_id" uuid,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower("assets"."name" || ' ' || "assets"."inventory_number" || ' ' || coalesce("assets"."serial_number", '') || ' ' || coalesce("assets"."manufacturer", '') || ' ' || coalesce("assets"."model", ''))) STORED NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" uuid NOT NULL,
	"occurred_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"actor_type" "audit_actor_type" NOT NULL,
	"actor_user_id" uuid,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"asset_id" uuid,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"request_id" text
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"custom_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_org_id_key" UNIQUE("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"address" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "locations_org_id_key" UNIQUE("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "organisations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"plan_tier" "plan_tier" DEFAULT 'FREE' NOT NULL,
	"custom_rate_limits" jsonb,
	"custom_domain" text,
	"branding" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"loan_policy" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"audit_retention_days" integer DEFAULT 2557 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "persons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"official_email" text,
	"preferred_email" text,
	"phone" text,
	"birth_date" date,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "persons_org_id_key" UNIQUE("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"idp_subject" text NOT NULL,
	"email" text,
	"role" "user_role" DEFAULT 'EMPLOYEE' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_org_id_key" UNIQUE("organisation_id","id")
);
--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_organisation_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_category_fk" FOREIGN KEY ("organisation_id","category_id") REFERENCES "public"."categories"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_location_fk" FOREIGN KEY ("organisation_id","location_id") REFERENCES "public"."locations"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_owner_fk" FOREIGN KEY ("organisation_id","owner_id") REFERENCES "public"."users"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "persons" ADD CONSTRAINT "persons_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_organisation_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_person_fk" FOREIGN KEY ("organisation_id","person_id") REFERENCES "public"."persons"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assets_org_inventory_number_key" ON "assets" USING btree ("organisation_id","inventory_number");--> statement-breakpoint
CREATE UNIQUE INDEX "assets_qr_code_token_key" ON "assets" USING btree ("qr_code_token");--> statement-breakpoint
CREATE INDEX "assets_org_created_idx" ON "assets" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "assets_org_status_created_idx" ON "assets" USING btree ("organisation_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "assets_org_category_idx" ON "assets" USING btree ("organisation_id","category_id");--> statement-breakpoint
CREATE INDEX "assets_org_location_idx" ON "assets" USING btree ("organisation_id","location_id");--> statement-breakpoint
CREATE INDEX "assets_org_owner_idx" ON "assets" USING btree ("organisation_id","owner_id");--> statement-breakpoint
CREATE INDEX "assets_search_trgm_idx" ON "assets" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_log_org_occurred_idx" ON "audit_log" USING btree ("organisation_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_org_asset_idx" ON "audit_log" USING btree ("organisation_id","asset_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_org_actor_idx" ON "audit_log" USING btree ("organisation_id","actor_user_id","occurred_at");--> statement-breakpoint
CREATE INDEX "audit_log_org_action_idx" ON "audit_log" USING btree ("organisation_id","action","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_org_name_key" ON "categories" USING btree ("organisation_id",lower("name"));--> statement-breakpoint
CREATE INDEX "categories_org_created_idx" ON "categories" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "locations_org_name_key" ON "locations" USING btree ("organisation_id",lower("name"));--> statement-breakpoint
CREATE INDEX "locations_org_created_idx" ON "locations" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "organisations_slug_key" ON "organisations" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "organisations_custom_domain_key" ON "organisations" USING btree (lower("custom_domain"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_org_subject_key" ON "users" USING btree ("organisation_id","idp_subject");--> statement-breakpoint
CREATE INDEX "users_org_created_idx" ON "users" USING btree ("organisation_id","created_at","id");