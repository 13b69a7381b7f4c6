-- Spec 002, sync in. The webhook deliveries table is the platform's, not a tenant's: one delivery can concern
-- persons of several tenants, so it has no organisation_id and no tenant policy. It holds registry identifiers
-- and event metadata only; the app may record and update deliveries, never delete them.
GRANT SELECT, INSERT, UPDATE ON registry_webhook_deliveries TO quartermaster_app;--> statement-breakpoint

GRANT SELECT, INSERT, UPDATE ON registry_sync_state TO quartermaster_app;--> statement-breakpoint
ALTER TABLE registry_sync_state ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE registry_sync_state FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON registry_sync_state
  USING (organisation_id = app_current_organisation_id())
  WITH CHECK (organisation_id = app_current_organisation_id());--> statement-breakpoint

-- The webhook job fans one registry person out to every tenant that mirrors them (or whose new-record proposal
-- the registry just accepted). Identifiers only; the merge then runs under each tenant's own RLS context.
CREATE FUNCTION app_registry_person_mirrors(p_registry_id text, p_submission_id text)
  RETURNS TABLE (organisation_id uuid, person_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT p.organisation_id, p.id FROM persons p
    WHERE p.anonymized_at IS NULL
      AND (p.registry_id = p_registry_id
        OR (p_submission_id IS NOT NULL AND p.registry_id IS NULL AND p.sync_status = 'pending_registration' AND p.registry_submission_id = p_submission_id))
    ORDER BY p.organisation_id, p.id
  $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_registry_person_mirrors(text, text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_registry_person_mirrors(text, text) TO quartermaster_app;--> statement-breakpoint

-- The nightly reconcile visits the tenants that mirror at least one registry person.
CREATE FUNCTION app_registry_mirroring_organisations()
  RETURNS TABLE (organisation_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT DISTINCT p.organisation_id FROM persons p WHERE p.registry_id IS NOT NULL ORDER BY p.organisation_id
  $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_registry_mirroring_organisations() FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_registry_mirroring_organisations() TO quartermaster_app;
--> statement-breakpoint

-- Spec 001 meets spec 002: an anonymised person keeps nothing that leads back to them, and the registry mirror
-- holds exactly such things (the registry id, and in the merge base the last synced names, birth date and
-- e-mail). Whatever path anonymises a person (erasure, retention, a ledger replay), the mirror goes with it.
CREATE FUNCTION app_forget_registry_mirror() RETURNS trigger
  LANGUAGE plpgsql SET search_path = public, pg_temp
  AS $$
  BEGIN
    IF NEW.anonymized_at IS NOT NULL THEN
      NEW.registry_id := NULL;
      NEW.registry_base := NULL;
      NEW.registry_submission_id := NULL;
      NEW.sync_status := NULL;
      NEW.last_synced_at := NULL;
    END IF;
    RETURN NEW;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER persons_forget_registry_mirror BEFORE INSERT OR UPDATE ON persons
  FOR EACH ROW WHEN (NEW.anonymized_at IS NOT NULL) EXECUTE FUNCTION app_forget_registry_mirror();
