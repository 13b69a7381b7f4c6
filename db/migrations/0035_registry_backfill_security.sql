-- Spec 002, phase 1: the initial backfill's progress and the mismatches it lists are the tenant's own.
GRANT SELECT, INSERT, UPDATE ON registry_backfills TO quartermaster_app;--> statement-breakpoint
ALTER TABLE registry_backfills ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE registry_backfills FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON registry_backfills
  USING (organisation_id = app_current_organisation_id())
  WITH CHECK (organisation_id = app_current_organisation_id());--> statement-breakpoint

GRANT SELECT, INSERT, UPDATE ON registry_backfill_mismatches TO quartermaster_app;--> statement-breakpoint
ALTER TABLE registry_backfill_mismatches ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE registry_backfill_mismatches FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON registry_backfill_mismatches
  USING (organisation_id = app_current_organisation_id())
  WITH CHECK (organisation_id = app_current_organisation_id());--> statement-breakpoint

-- The nightly job resumes every tenant whose backfill was requested and has not completed. Identifiers only.
CREATE FUNCTION app_registry_backfills_due()
  RETURNS TABLE (organisation_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT b.organisation_id FROM registry_backfills b WHERE b.status <> 'completed' ORDER BY b.requested_at, b.organisation_id
  $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_registry_backfills_due() FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_registry_backfills_due() TO quartermaster_app;--> statement-breakpoint

-- A mismatch holds the registry's names and e-mail of a person: anonymising the person drops them too.
CREATE FUNCTION app_forget_registry_mismatches() RETURNS trigger
  LANGUAGE plpgsql SET search_path = public, pg_temp
  AS $$
  BEGIN
    DELETE FROM registry_backfill_mismatches m WHERE m.organisation_id = NEW.organisation_id AND m.person_id = NEW.id;
    RETURN NULL;
  END
  $$;--> statement-breakpoint
GRANT DELETE ON registry_backfill_mismatches TO quartermaster_app;--> statement-breakpoint
CREATE TRIGGER persons_forget_registry_mismatches AFTER UPDATE OF anonymized_at ON persons
  FOR EACH ROW WHEN (NEW.anonymized_at IS NOT NULL AND OLD.anonymized_at IS NULL) EXECUTE FUNCTION app_forget_registry_mismatches();
