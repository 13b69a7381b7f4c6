CREATE TABLE "asset_counts" (
	"organisation_id" uuid NOT NULL,
	"status" "asset_status" NOT NULL,
	"category_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "asset_counts_pkey" PRIMARY KEY("organisation_id","status","category_id","location_id")
);
--> statement-breakpoint
ALTER TABLE "asset_counts" ADD CONSTRAINT "asset_counts_organisation_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;