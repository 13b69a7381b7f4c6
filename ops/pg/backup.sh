#!/usr/bin/env bash
# ops/pg/backup.sh daily|weekly|monthly: one full backup of spec 001's tier, for the tenant formation (taken from
# whichever node is primary now) and for the ledger cluster. Each tier is its own pgBackRest repository, whose
# retention settings expire what the tier no longer keeps (docs/operations/backups.md).
source "$(dirname "$0")/lib.sh"

case "${1:-}" in
  daily) repo=1 ;;
  weekly) repo=2 ;;
  monthly) repo=3 ;;
  *) die "Usage: ops/pg/backup.sh daily|weekly|monthly" ;;
esac
[ -f "$QM_PGBACKREST_CONF" ] || die "No topology in $QM_OPS_DIR (run ops/pg/up.sh first)."

port="$(primary_port)" || die "No tenant node accepts writes; the backup waits for a primary."
name="$(primary_name)"
started=$SECONDS
pgbackrest_cmd --stanza=main --repo="$repo" --type=full --pg1-path="$(node_dir "$name")" --pg1-port="$port" backup
main_seconds=$((SECONDS - started))
pgbackrest_cmd --stanza=ledger --repo="$repo" --type=full backup
log "The $1 backup (repository $repo) is done: tenant database from $name in ${main_seconds} s, ledger in $((SECONDS - started - main_seconds)) s."
