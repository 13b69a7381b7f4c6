#!/usr/bin/env bash
# ops/pg/restore.sh --time "2026-12-07 23:30:00+00": restores the tenant database to that point in time.
# Stops the formation, restores node1 with pgBackRest (it picks the newest backup before the target from any tier
# and replays archived WAL up to it), brings the formation back with node1 as primary and the standbys cloned
# again, then leaves a restore marker so the app replays the deletion ledger once. The ledger cluster is not
# touched: erasures made after the target are re-applied from it. Stop the app before running it.
source "$(dirname "$0")/lib.sh"

target=""
while [ $# -gt 0 ]; do
  case "$1" in
    --time) target="${2:-}"; shift 2 ;;
    *) die "Usage: ops/pg/restore.sh --time \"<timestamp with time zone>\"" ;;
  esac
done
[ -n "$target" ] || die "Usage: ops/pg/restore.sh --time \"<timestamp with time zone>\""
[ -f "$QM_PGBACKREST_CONF" ] || die "No topology in $QM_OPS_DIR (run ops/pg/up.sh first)."
started=$SECONDS

# The WAL written since the last archived segment is still in the primary's pg_wal: `check` switches segments and
# waits until the archive has it, so the target can be a moment ago.
if port="$(primary_port)"; then
  log "Archiving the current WAL of the primary"
  pgbackrest_cmd --stanza=main --pg1-path="$(node_dir "$(primary_name)")" --pg1-port="$port" check
fi

log "Stopping the formation"
for name in node3 node2 node1; do stop_keeper "$(node_dir "$name")"; done
stop_keeper "$MONITOR_DIR"
# The monitor's and keepers' memory of the old formation goes; node1's data directory is restored in place.
rm -rf "$MONITOR_DIR" "$(node_dir node2)" "$(node_dir node3)" "$QM_OPS_DIR/xdg/config/pg_autoctl" "$QM_OPS_DIR/xdg/data/pg_autoctl"

log "Restoring node1 to $target"
primary_dir="$(node_dir node1)"
[ -d "$primary_dir" ] || as_pg mkdir -m 700 "$primary_dir"
pgbackrest_cmd --stanza=main --pg1-path="$primary_dir" --type=time --target="$target" --target-action=promote restore
restored=$SECONDS
as_pg pg_ctl -D "$primary_dir" -o "-p $QM_PG_NODE1_PORT" -l "$QM_OPS_DIR/logs/recovery.log" -w -t 600 start >/dev/null
wait_for "recovery to reach the target" 600 node_is_primary node1
as_pg pg_ctl -D "$primary_dir" -m fast -w stop >/dev/null
# A standby cloned from node1 would otherwise inherit the recovery target and stop replaying there. The two
# settings pg_autoctl writes itself go too: a backup taken while a node was being promoted holds its transient
# default_transaction_read_only = on, with which pg_autoctl cannot register the node as primary.
as_pg sed -i -E '/^(recovery_target|default_transaction_read_only|synchronous_standby_names)/d' "$primary_dir/postgresql.auto.conf"
recovered=$SECONDS

log "Bringing the formation back"
create_monitor
create_node node1
wait_for "the primary" 120 node_is_primary node1
create_node node2
create_node node3
require_sync_standby

log "Writing the restore marker"
# As the owner role, like the app's migrations; the app replays the ledger once at its next start.
marker_source="pgbackrest point-in-time $target"
as_pg psql -X -q -v ON_ERROR_STOP=1 -h "$QM_PG_HOST" -p "$QM_PG_NODE1_PORT" -U qm_owner -d "$QM_DB" \
  -v source="$marker_source" <<<"insert into restore_markers (source) values (:'source');" ||
  die "The database is restored but no restore marker could be written: replay the ledger (npm run ledger:replay) before serving."

log "Restored to $target in $((SECONDS - started)) s (pgBackRest restore $((restored - started)) s, WAL replay $((recovered - restored)) s, formation $((SECONDS - recovered)) s)."
