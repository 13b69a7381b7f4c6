CREATE TABLE "encryption_data_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"field_name" text NOT NULL,
	"wrapped_key" "bytea" NOT NULL,
	"master_key_provider" text NOT NULL,
	"master_key_id" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"rotated_at" timestamp (3) with time zone,
	CONSTRAINT "encryption_data_keys_field_name_check" CHECK ("encryption_data_keys"."field_name" ~ '^[a-z][A-Za-z]*\.[a-z][A-Za-z]*$'),
	CONSTRAINT "encryption_data_keys_provider_check" CHECK ("encryption_data_keys"."master_key_provider" in ('local', 'aws-kms')),
	CONSTRAINT "encryption_data_keys_wrapped_key_check" CHECK (octet_length("encryption_data_keys"."wrapped_key") > 0)
);
--> statement-breakpoint
ALTER TABLE "encryption_data_keys" ADD CONSTRAINT "encryption_data_keys_organisation_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "encryption_data_keys_organisation_field_key" ON "encryption_data_keys" USING btree ("organisation_id","field_name");