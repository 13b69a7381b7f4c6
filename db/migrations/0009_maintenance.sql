CREATE TYPE "public"."maintenance_kind" AS ENUM('REPAIR', 'SERVICE', 'INSPECTION');--> statement-breakpoint
CREATE TYPE "public"."maintenance_status" AS ENUM('PLANNED', 'DONE');--> statement-breakpoint
CREATE TABLE "asset_maintenance" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"asset_id" uuid NOT NULL,
	"kind" "maintenance_kind" NOT NULL,
	"status" "maintenance_status" DEFAULT 'PLANNED' NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"scheduled_for" date,
	"performed_on" date,
	"cost" numeric(12, 2),
	"currency" text DEFAULT 'EUR' NOT NULL,
	"vendor" text,
	"created_by_user_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_maintenance_cost_check" CHECK ("asset_maintenance"."cost" is null or "asset_maintenance"."cost" >= 0)
);
--> statement-breakpoint
CREATE TABLE "asset_photos" (
	"asset_id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"uploaded_by_user_id" uuid NOT NULL,
	"uploaded_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_photos_content_type_check" CHECK ("asset_photos"."content_type" in ('image/png', 'image/jpeg', 'image/webp'))
);
--> statement-breakpoint
ALTER TABLE "asset_maintenance" ADD CONSTRAINT "asset_maintenance_organisation_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_maintenance" ADD CONSTRAINT "asset_maintenance_asset_fk" FOREIGN KEY ("organisation_id","asset_id") REFERENCES "public"."assets"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_maintenance" ADD CONSTRAINT "asset_maintenance_creator_fk" FOREIGN KEY ("organisation_id","created_by_user_id") REFERENCES "public"."users"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_photos" ADD CONSTRAINT "asset_photos_organisation_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_photos" ADD CONSTRAINT "asset_photos_asset_fk" FOREIGN KEY ("organisation_id","asset_id") REFERENCES "public"."assets"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asset_maintenance_org_asset_idx" ON "asset_maintenance" USING btree ("organisation_id","asset_id","created_at");