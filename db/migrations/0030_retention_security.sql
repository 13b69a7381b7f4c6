-- Retention (spec 001, DESIGN.md invariant 3): the audit log is append-only, and the one DELETE it allows is the
-- retention purge app_purge_audit_log below. The trigger now lets a DELETE through only while that function runs
-- (it sets quartermaster.audit_purge to its own name for its statement and clears it after); the plain 'on' switch
-- of migration 0002 no longer opens it. The anonymisation's UPDATE path (0025) is unchanged.
CREATE OR REPLACE FUNCTION audit_log_reject_change() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF current_user = (SELECT pg_get_userbyid(relowner) FROM pg_class WHERE oid = TG_RELID) THEN
      IF TG_OP = 'DELETE' AND current_setting('quartermaster.audit_purge', true) = 'app_purge_audit_log' THEN
        RETURN OLD;
      END IF;
      -- Only the anonymisation's columns may change; who did what, and when, stays as written.
      IF TG_OP = 'UPDATE' AND current_setting('quartermaster.audit_anonymize', true) = 'on'
         AND NEW.id = OLD.id AND NEW.organisation_id = OLD.organisation_id AND NEW.occurred_at = OLD.occurred_at
         AND NEW.action = OLD.action AND NEW.target_type = OLD.target_type
         AND NEW.actor_type = OLD.actor_type AND NEW.actor_user_id IS NOT DISTINCT FROM OLD.actor_user_id THEN
        RETURN NEW;
      END IF;
    END IF;
    RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
  END
  $$;--> statement-breakpoint

-- The purge runs as the table owner, in the caller's tenant only, and never past the tenant's audit_retention_days
-- by the database clock, so a caller cannot purge recent entries by passing a late date. Returns the number of entries deleted; the
-- caller repeats it until that is less than p_limit, each batch a short transaction.
CREATE FUNCTION app_purge_audit_log(p_organisation_id uuid, p_before timestamptz, p_limit integer)
  RETURNS integer
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
  DECLARE
    v_org uuid := nullif(current_setting('app.organisation_id', true), '')::uuid;
    v_cutoff timestamptz;
    v_count integer;
  BEGIN
    IF v_org IS NULL OR v_org <> p_organisation_id THEN
      RAISE EXCEPTION 'app_purge_audit_log runs in the tenant context of the organisation it purges';
    END IF;
    IF p_limit IS NULL OR p_limit < 1 OR p_limit > 50000 THEN
      RAISE EXCEPTION 'app_purge_audit_log: p_limit must be between 1 and 50000';
    END IF;
    SELECT least(p_before, now() - o.audit_retention_days * interval '24 hours') INTO v_cutoff FROM organisations o WHERE o.id = p_organisation_id;
    IF v_cutoff IS NULL THEN
      RETURN 0;
    END IF;
    PERFORM set_config('quartermaster.audit_purge', 'app_purge_audit_log', true);
    DELETE FROM audit_log a WHERE a.id IN (
      SELECT b.id FROM audit_log b
      WHERE b.organisation_id = p_organisation_id AND b.occurred_at <= v_cutoff
      ORDER BY b.occurred_at, b.id
      LIMIT p_limit
    );
    GET DIAGNOSTICS v_count = ROW_COUNT;
    PERFORM set_config('quartermaster.audit_purge', '', true);
    RETURN v_count;
  END
  $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_purge_audit_log(uuid, timestamptz, integer) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_purge_audit_log(uuid, timestamptz, integer) TO quartermaster_app;--> statement-breakpoint

-- The daily retention job visits every tenant; like the other job lookups this returns identifiers only, and each
-- tenant's run then happens under its own RLS context.
CREATE FUNCTION app_retention_organisations()
  RETURNS TABLE (organisation_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT o.id FROM organisations o ORDER BY o.id
  $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_retention_organisations() FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_retention_organisations() TO quartermaster_app;
