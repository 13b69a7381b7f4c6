ALTER TABLE "person_change_requests" ADD COLUMN "erasure_request_id" uuid;--> statement-breakpoint
-- Issue 23: the fields a partial erasure removed, which sync never takes back from the registry. Subjects erased
-- before this column existed get their mark from the deletion ledger's replay at the next start
-- (lib/privacy/replay-ledger.ts treats a listed field without its mark as not yet erased).
ALTER TABLE "persons" ADD COLUMN "erased_fields" text[] DEFAULT '{}'::text[] NOT NULL;
