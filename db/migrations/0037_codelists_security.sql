-- Spec 002, code lists and the organisation mirror.
-- Code lists are global: a registry list is the same for every tenant. The app reads the lists and the registry
-- values freely; it writes only its own tenant's custom values. Registry values are written by the sync alone,
-- through app_apply_registry_codelist below (SECURITY DEFINER), which refuses local lists and never touches a
-- custom value.
GRANT SELECT ON codelists TO quartermaster_app;--> statement-breakpoint
ALTER TABLE codelists ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE codelists FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY read_all ON codelists FOR SELECT USING (true);--> statement-breakpoint

GRANT SELECT, INSERT, UPDATE ON codelist_values TO quartermaster_app;--> statement-breakpoint
ALTER TABLE codelist_values ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE codelist_values FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY registry_or_own_custom ON codelist_values FOR SELECT
  USING (custom_for_org_id IS NULL OR custom_for_org_id = app_current_organisation_id());--> statement-breakpoint
CREATE POLICY own_custom_insert ON codelist_values FOR INSERT
  WITH CHECK (is_custom AND custom_for_org_id = app_current_organisation_id());--> statement-breakpoint
CREATE POLICY own_custom_update ON codelist_values FOR UPDATE
  USING (is_custom AND custom_for_org_id = app_current_organisation_id())
  WITH CHECK (is_custom AND custom_for_org_id = app_current_organisation_id());--> statement-breakpoint

INSERT INTO codelists (name, label, is_local, source, cadence) VALUES
  ('sport', 'Sport', false, 'registry', 'weekly'),
  ('region', 'Region', false, 'registry', 'weekly'),
  ('athlete_category', 'Athlete category', false, 'registry', 'weekly'),
  ('league', 'League', false, 'registry', 'daily'),
  ('competition', 'Competition', false, 'registry', 'daily'),
  ('mentoring_session_topic', 'Mentoring session topic', true, 'local', NULL),
  ('referee_competencies', 'Referee competencies', true, 'local', NULL),
  ('coach_competencies', 'Coach competencies', true, 'local', NULL),
  ('physio_competencies', 'Physio competencies', true, 'local', NULL);--> statement-breakpoint

-- The sync's privileged path: applies registry values ([{code, label, active, updatedAt}]) to one registry list.
-- Added values are inserted, changed ones updated, deactivated ones kept with active false (never deleted).
-- Custom values are never touched (custom_for_org_id IS NULL in every statement). Local lists are refused.
CREATE FUNCTION app_apply_registry_codelist(p_name text, p_values jsonb, p_synced_at timestamptz)
  RETURNS TABLE (added integer, modified integer, deactivated integer)
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
  DECLARE
    v jsonb;
    existing codelist_values%ROWTYPE;
    n_added integer := 0;
    n_modified integer := 0;
    n_deactivated integer := 0;
    newest timestamptz;
  BEGIN
    IF NOT EXISTS (SELECT 1 FROM codelists c WHERE c.name = p_name AND NOT c.is_local) THEN
      RAISE EXCEPTION 'not a registry code list: %', p_name USING ERRCODE = '22023';
    END IF;
    FOR v IN SELECT * FROM jsonb_array_elements(p_values) LOOP
      SELECT * INTO existing FROM codelist_values cv WHERE cv.codelist = p_name AND cv.code = v->>'code' AND cv.custom_for_org_id IS NULL FOR UPDATE;
      IF NOT FOUND THEN
        INSERT INTO codelist_values (codelist, code, label, active, is_custom, custom_for_org_id, registry_updated_at, created_at, updated_at)
          VALUES (p_name, v->>'code', v->>'label', (v->>'active')::boolean, false, NULL, (v->>'updatedAt')::timestamptz, p_synced_at, p_synced_at);
        n_added := n_added + 1;
      ELSIF existing.label IS DISTINCT FROM v->>'label' OR existing.active IS DISTINCT FROM (v->>'active')::boolean THEN
        UPDATE codelist_values SET label = v->>'label', active = (v->>'active')::boolean,
            registry_updated_at = (v->>'updatedAt')::timestamptz, updated_at = p_synced_at
          WHERE id = existing.id;
        IF existing.active AND NOT (v->>'active')::boolean THEN n_deactivated := n_deactivated + 1; ELSE n_modified := n_modified + 1; END IF;
      END IF;
      IF newest IS NULL OR (v->>'updatedAt')::timestamptz > newest THEN newest := (v->>'updatedAt')::timestamptz; END IF;
    END LOOP;
    UPDATE codelists SET last_synced_at = p_synced_at, last_error = NULL,
        changed_since = CASE WHEN newest IS NULL THEN changed_since ELSE greatest(coalesce(changed_since, newest), newest) END
      WHERE name = p_name;
    RETURN QUERY SELECT n_added, n_modified, n_deactivated;
  END
  $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_apply_registry_codelist(text, jsonb, timestamptz) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_apply_registry_codelist(text, jsonb, timestamptz) TO quartermaster_app;--> statement-breakpoint

-- Records why a registry list's sync failed (the message only), for the admin screen.
CREATE FUNCTION app_record_codelist_sync_error(p_name text, p_error text) RETURNS void
  LANGUAGE sql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$ UPDATE codelists SET last_error = left(p_error, 500) WHERE name = p_name AND NOT is_local $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_record_codelist_sync_error(text, text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_record_codelist_sync_error(text, text) TO quartermaster_app;--> statement-breakpoint

-- The organisation mirror: which tenants are linked to a registry organisation. Identifiers only; the update
-- itself runs under the tenant's RLS context.
CREATE FUNCTION app_registry_linked_organisations()
  RETURNS TABLE (organisation_id uuid, registry_id text)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$ SELECT o.id, o.registry_id FROM organisations o WHERE o.registry_id IS NOT NULL ORDER BY o.id $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_registry_linked_organisations() FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_registry_linked_organisations() TO quartermaster_app;
