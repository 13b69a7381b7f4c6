-- The ledger is append-only: an erasure once listed is re-applied after every restore, so no path in the
-- application may take it back. Removing an entry is a deliberate act of a database owner who drops the trigger.
CREATE FUNCTION deletion_ledger_reject_change() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the deletion ledger is append-only: % is not allowed', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER deletion_ledger_no_update_or_delete BEFORE UPDATE OR DELETE ON deletion_ledger
  FOR EACH ROW EXECUTE FUNCTION deletion_ledger_reject_change();--> statement-breakpoint
CREATE TRIGGER deletion_ledger_no_truncate BEFORE TRUNCATE ON deletion_ledger
  FOR EACH STATEMENT EXECUTE FUNCTION deletion_ledger_reject_change();
