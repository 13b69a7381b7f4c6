DROP INDEX "assets_qr_code_token_key";--> statement-breakpoint
ALTER TABLE "assets" DROP COLUMN "qr_code_token";