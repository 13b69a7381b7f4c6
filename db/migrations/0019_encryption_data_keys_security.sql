-- The key vault is a tenant table like any other (DESIGN.md invariant 1): a tenant's transaction sees and
-- creates only its own data keys. The app may rewrap a key (master key rotation) but never re-point it to
-- another tenant or field, and never delete one: destroying a data key destroys data, so that happens only
-- with the organisation (ON DELETE CASCADE, run by the owner).
GRANT SELECT, INSERT ON encryption_data_keys TO quartermaster_app;--> statement-breakpoint
GRANT UPDATE (wrapped_key, master_key_provider, master_key_id, rotated_at) ON encryption_data_keys TO quartermaster_app;--> statement-breakpoint

ALTER TABLE encryption_data_keys ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE encryption_data_keys FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON encryption_data_keys
  USING (organisation_id = app_current_organisation_id())
  WITH CHECK (organisation_id = app_current_organisation_id());--> statement-breakpoint

-- Master key rotation sweeps every tenant; like the job lookups this returns identifiers only, and the
-- rewrapping then happens under each tenant's own RLS context.
CREATE FUNCTION app_encryption_key_organisations()
  RETURNS TABLE (organisation_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT DISTINCT k.organisation_id FROM encryption_data_keys k ORDER BY k.organisation_id
  $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_encryption_key_organisations() FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_encryption_key_organisations() TO quartermaster_app;
