-- Issue 17: the Idempotency-Keys of POSTs are the tenant's own, read and written only inside the request's own
-- transaction. Expired keys go through the purge below; anonymising a person drops theirs (the trigger at the end).
GRANT SELECT, INSERT, UPDATE ON idempotency_keys TO quartermaster_app;--> statement-breakpoint
ALTER TABLE idempotency_keys ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE idempotency_keys FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON idempotency_keys
  USING (organisation_id = app_current_organisation_id())
  WITH CHECK (organisation_id = app_current_organisation_id());--> statement-breakpoint

-- The hourly purge-idempotency-keys job: deletes keys whose 24 hours are over, across tenants, a batch at a time,
-- and returns how many it deleted. A row a request is recycling at that moment (it holds the row lock) is skipped.
CREATE FUNCTION app_purge_idempotency_keys(p_now timestamptz, p_limit integer) RETURNS integer
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    WITH expired AS (
      SELECT k.organisation_id, k.user_id, k.key FROM idempotency_keys k
      WHERE k.expires_at <= p_now
      ORDER BY k.expires_at
      LIMIT least(greatest(p_limit, 1), 50000)
      FOR UPDATE SKIP LOCKED
    ), purged AS (
      DELETE FROM idempotency_keys k USING expired e
      WHERE k.organisation_id = e.organisation_id AND k.user_id = e.user_id AND k.key = e.key
      RETURNING 1
    )
    SELECT count(*)::integer FROM purged
  $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_purge_idempotency_keys(timestamptz, integer) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_purge_idempotency_keys(timestamptz, integer) TO quartermaster_app;--> statement-breakpoint

-- A stored response can hold the person's own data (their loans, their profile): anonymising the person drops the
-- keys of their accounts at once rather than at expiry, like the registry mirror (migrations 0033, 0035, 0039).
CREATE FUNCTION app_forget_person_idempotency_keys() RETURNS trigger
  LANGUAGE plpgsql SET search_path = public, pg_temp
  AS $$
  BEGIN
    DELETE FROM idempotency_keys k USING users u
    WHERE u.organisation_id = NEW.organisation_id AND u.person_id = NEW.id
      AND k.organisation_id = u.organisation_id AND k.user_id = u.id;
    RETURN NULL;
  END
  $$;--> statement-breakpoint
GRANT DELETE ON idempotency_keys TO quartermaster_app;--> statement-breakpoint
CREATE TRIGGER persons_forget_idempotency_keys AFTER UPDATE OF anonymized_at ON persons
  FOR EACH ROW WHEN (NEW.anonymized_at IS NOT NULL AND OLD.anonymized_at IS NULL) EXECUTE FUNCTION app_forget_person_idempotency_keys();
