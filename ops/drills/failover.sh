#!/usr/bin/env bash
# Drill (b): lose the primary under write load. Stands the topology up, writes loans concurrently through the
# multi-host address, kills the primary's keeper and postmaster with SIGKILL (a lost machine: with the keeper alive
# it would restart PostgreSQL in place), waits for a standby to take over and writes to resume, then counts every
# acknowledged loan. Exits non-zero when writes do not resume or an acknowledged loan is missing.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
source "$repo/ops/pg/lib.sh"
cd "$repo"

cleanup() { bash "$repo/ops/pg/down.sh" >/dev/null 2>&1 || true; }
trap cleanup EXIT
bash "$repo/ops/pg/up.sh" >/dev/null

primary="$(primary_name)"
primary_dir="$(node_dir "$primary")"
# A loan-shaped table of the drill's own: the drill proves the database's promise, not the app's loan rules.
pg_sql "$(primary_port)" "$QM_DB" <<SQL
set role qm_owner;
create table drill_failover_loans (id bigint primary key, borrower text not null, due_on date not null,
  written_at timestamptz not null default clock_timestamp());
grant select, insert on drill_failover_loans to qm_app;
SQL

log "Writing loans; the primary ($primary) will be lost mid-load"
set -a; source "$QM_OPS_DIR/env"; set +a
keeper_pid="$(cat "$QM_OPS_DIR/run/$primary.pid")"
export DRILL_KILL_COMMAND="kill -9 -- -$keeper_pid $(head -1 "$primary_dir/postmaster.pid")"
status=0
figures="$(npx tsx ops/drills/failover-writer.ts)" || status=$?
new_primary="$(primary_name || echo none)"
node -e '
  const f = JSON.parse(process.argv[1]);
  console.log(`Primary lost: ${process.argv[2]}; new primary: ${process.argv[3]}`);
  console.log(`Time to failover: ${f.timeToFailoverSeconds} s`);
  console.log(`Writes acknowledged: ${f.writesAcknowledged} (${f.acknowledgedBeforeKill} before the loss; ${f.writesRefusedDuringFailover} refused while no primary answered)`);
  console.log(`Rows lost: ${f.rowsLost}`);
' "$figures" "$primary" "$new_primary"
exit "$status"
