-- Spec 002: a sync conflict is the tenant's own, and the admin's to resolve (no deletes by the app).
GRANT SELECT, INSERT, UPDATE ON person_sync_conflicts TO quartermaster_app;--> statement-breakpoint
ALTER TABLE person_sync_conflicts ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE person_sync_conflicts FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON person_sync_conflicts
  USING (organisation_id = app_current_organisation_id())
  WITH CHECK (organisation_id = app_current_organisation_id());--> statement-breakpoint

-- A conflict holds a person's names, birth date or e-mail as three values: anonymising the person drops them,
-- like the registry mirror and the backfill's mismatches (migrations 0033, 0035).
CREATE FUNCTION app_forget_person_sync_conflicts() RETURNS trigger
  LANGUAGE plpgsql SET search_path = public, pg_temp
  AS $$
  BEGIN
    DELETE FROM person_sync_conflicts c WHERE c.organisation_id = NEW.organisation_id AND c.person_id = NEW.id;
    RETURN NULL;
  END
  $$;--> statement-breakpoint
GRANT DELETE ON person_sync_conflicts TO quartermaster_app;--> statement-breakpoint
CREATE TRIGGER persons_forget_sync_conflicts AFTER UPDATE OF anonymized_at ON persons
  FOR EACH ROW WHEN (NEW.anonymized_at IS NOT NULL AND OLD.anonymized_at IS NULL) EXECUTE FUNCTION app_forget_person_sync_conflicts();
