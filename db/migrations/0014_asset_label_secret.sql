ALTER TABLE "assets" ADD COLUMN "label_secret_hash" text;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "label_issued_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "assets_label_secret_hash_key" ON "assets" USING btree ("label_secret_hash");