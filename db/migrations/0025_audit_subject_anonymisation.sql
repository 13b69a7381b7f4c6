-- Erasure (spec 001): audit entries are kept but anonymised. The log stays append-only for everyone else; the one
-- change allowed is the one app_anonymize_audit_subject makes, as the table owner with
-- quartermaster.audit_anonymize switched on for its transaction (the retention purge's DELETE is unchanged).
CREATE OR REPLACE FUNCTION audit_log_reject_change() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF current_user = (SELECT pg_get_userbyid(relowner) FROM pg_class WHERE oid = TG_RELID) THEN
      IF TG_OP = 'DELETE' AND current_setting('quartermaster.audit_purge', true) = 'on' THEN
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

-- Anonymises, in the caller's tenant only, the entries about an erased subject:
--  * entries whose target is the person or one of their user accounts point at the pseudonym instead, and
--    their changes keep the field names with both values erased (they held names, addresses, numbers);
--  * entries about the subject's records (p_record_ids) name the pseudonym instead of the person's id;
--  * invitation entries (the only others that hold an address) have p_erased_strings (the subject's e-mail
--    addresses) replaced by '[erased]'.
-- Returns the number of entries changed.
CREATE FUNCTION app_anonymize_audit_subject(p_person_id uuid, p_user_ids uuid[], p_record_ids text[], p_pseudonym text, p_erased_strings text[])
  RETURNS integer
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
  DECLARE
    v_org uuid := nullif(current_setting('app.organisation_id', true), '')::uuid;
    v_subject_ids text[] := array[p_person_id::text] || coalesce(p_user_ids::text[], '{}');
    v_changed integer := 0;
    v_count integer;
    v_string text;
  BEGIN
    IF v_org IS NULL THEN
      RAISE EXCEPTION 'app_anonymize_audit_subject needs the tenant context (app.organisation_id)';
    END IF;
    IF p_pseudonym !~ '^anonymized_[0-9a-f]+$' THEN
      RAISE EXCEPTION 'not a pseudonym: %', p_pseudonym;
    END IF;
    PERFORM set_config('quartermaster.audit_anonymize', 'on', true);

    UPDATE audit_log a SET
      target_id = p_pseudonym,
      changes = coalesce((SELECT jsonb_object_agg(k, '{"before": null, "after": null}'::jsonb) FROM jsonb_object_keys(a.changes) k), '{}'::jsonb),
      metadata = a.metadata || '{"subjectErased": true}'::jsonb
    WHERE a.organisation_id = v_org AND a.target_type IN ('PERSON', 'USER') AND a.target_id = ANY (v_subject_ids);
    GET DIAGNOSTICS v_count = ROW_COUNT;
    v_changed := v_changed + v_count;

    UPDATE audit_log a SET
      changes = replace(a.changes::text, p_person_id::text, p_pseudonym)::jsonb,
      metadata = replace(a.metadata::text, p_person_id::text, p_pseudonym)::jsonb
    WHERE a.organisation_id = v_org AND a.target_id = ANY (coalesce(p_record_ids, '{}'))
      AND (a.changes::text LIKE '%' || p_person_id::text || '%' OR a.metadata::text LIKE '%' || p_person_id::text || '%');
    GET DIAGNOSTICS v_count = ROW_COUNT;
    v_changed := v_changed + v_count;

    FOREACH v_string IN ARRAY coalesce(p_erased_strings, '{}') LOOP
      CONTINUE WHEN length(v_string) < 5 OR to_jsonb(v_string)::text <> '"' || v_string || '"';
      UPDATE audit_log a SET
        changes = replace(a.changes::text, v_string, '[erased]')::jsonb,
        metadata = replace(a.metadata::text, v_string, '[erased]')::jsonb
      WHERE a.organisation_id = v_org AND a.target_type = 'INVITATION'
        AND (a.changes::text LIKE '%' || v_string || '%' OR a.metadata::text LIKE '%' || v_string || '%');
      GET DIAGNOSTICS v_count = ROW_COUNT;
      v_changed := v_changed + v_count;
    END LOOP;
    RETURN v_changed;
  END
  $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_anonymize_audit_subject(uuid, uuid[], text[], text, text[]) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_anonymize_audit_subject(uuid, uuid[], text[], text, text[]) TO quartermaster_app;
