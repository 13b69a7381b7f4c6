-- Tenant isolation, second line of defence (DESIGN.md invariant 1).
-- Every request transaction runs as quartermaster_app (SET LOCAL ROLE), a role that owns nothing and cannot
-- bypass row-level security, with app.organisation_id set locally. A query that forgets its tenant filter
-- therefore sees only the current tenant's rows, and none at all when no tenant is set.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'quartermaster_app') THEN
    CREATE ROLE quartermaster_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
  END IF;
END $$;--> statement-breakpoint

CREATE FUNCTION app_current_organisation_id() RETURNS uuid
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT nullif(current_setting('app.organisation_id', true), '')::uuid $$;--> statement-breakpoint

GRANT USAGE ON SCHEMA public TO quartermaster_app;--> statement-breakpoint
GRANT SELECT, UPDATE ON organisations TO quartermaster_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON persons, users, categories, locations, assets TO quartermaster_app;--> statement-breakpoint
-- Append-only for the app: no UPDATE, DELETE or TRUNCATE privilege, and the trigger below as well.
GRANT SELECT, INSERT ON audit_log TO quartermaster_app;--> statement-breakpoint
GRANT USAGE ON SEQUENCE audit_log_id_seq TO quartermaster_app;--> statement-breakpoint

ALTER TABLE organisations ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE organisations FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON organisations
  USING (id = app_current_organisation_id())
  WITH CHECK (id = app_current_organisation_id());--> statement-breakpoint

ALTER TABLE persons ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE persons FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON persons
  USING (organisation_id = app_current_organisation_id())
  WITH CHECK (organisation_id = app_current_organisation_id());--> statement-breakpoint

ALTER TABLE users ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE users FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON users
  USING (organisation_id = app_current_organisation_id())
  WITH CHECK (organisation_id = app_current_organisation_id());--> statement-breakpoint

ALTER TABLE categories ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE categories FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON categories
  USING (organisation_id = app_current_organisation_id())
  WITH CHECK (organisation_id = app_current_organisation_id());--> statement-breakpoint

ALTER TABLE locations ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE locations FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON locations
  USING (organisation_id = app_current_organisation_id())
  WITH CHECK (organisation_id = app_current_organisation_id());--> statement-breakpoint

ALTER TABLE assets ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE assets FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON assets
  USING (organisation_id = app_current_organisation_id())
  WITH CHECK (organisation_id = app_current_organisation_id());--> statement-breakpoint

ALTER TABLE audit_log ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE audit_log FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON audit_log
  USING (organisation_id = app_current_organisation_id())
  WITH CHECK (organisation_id = app_current_organisation_id());--> statement-breakpoint

-- The proxy knows only a host; resolving it to a tenant happens before any tenant context exists, so this one
-- lookup runs with the owner's rights and returns only what routing and rate limiting need.
CREATE FUNCTION app_resolve_organisation(p_slug text, p_domain text)
  RETURNS TABLE (id uuid, slug text, name text, plan_tier plan_tier, custom_rate_limits jsonb, custom_domain text)
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
    SELECT o.id, o.slug, o.name, o.plan_tier, o.custom_rate_limits, o.custom_domain
    FROM organisations o
    WHERE (p_slug IS NOT NULL AND o.slug = p_slug)
       OR (p_domain IS NOT NULL AND lower(o.custom_domain) = lower(p_domain))
    LIMIT 1
  $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_resolve_organisation(text, text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_resolve_organisation(text, text) TO quartermaster_app;--> statement-breakpoint

-- Audit entries are immutable (DESIGN.md invariant 3). Only the retention purge may delete, and only when it
-- runs as the table owner with quartermaster.audit_purge switched on for its transaction.
CREATE FUNCTION audit_log_reject_change() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF TG_OP = 'DELETE'
       AND current_setting('quartermaster.audit_purge', true) = 'on'
       AND current_user = (SELECT pg_get_userbyid(relowner) FROM pg_class WHERE oid = TG_RELID) THEN
      RETURN OLD;
    END IF;
    RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
  END
  $$;--> statement-breakpoint
CREATE TRIGGER audit_log_no_update_or_delete BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_reject_change();--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_reject_change();
