CREATE TYPE "public"."user_duty" AS ENUM('MEDICAL', 'COACH', 'FINANCE', 'SAFEGUARDING');--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "duties" "user_duty"[] DEFAULT '{}' NOT NULL;