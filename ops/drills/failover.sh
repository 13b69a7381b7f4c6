#!/usr/bin/env bash
# Drill (b): lose the primary under write load, through the app. Stands the topology up; ops/drills/failover-load.ts
# starts the production app on the multi-host address, files real loan requests from several clients (each with an
# Idempotency-Key, retried with the same key after a 503 or a cut connection), and mid-load the drill kills the
# primary's keeper, postmaster and backends with SIGKILL: a lost machine (with the keeper alive it would restart
# PostgreSQL in place). A standby takes over and the same app writes again, with no restart and no change of
# settings. Then every loan the app acknowledged is counted. Exits non-zero when writes do not resume, an
# acknowledged loan is missing, a key made two loans, or any answer was a 5xx other than 503. Needs the production
# build (npm run build). docs/operations/drills.md.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
source "$repo/ops/pg/lib.sh"
cd "$repo"
[ -f .next/BUILD_ID ] || die "No production build: run npm run build first."

stop_app() {
  local pid; pid="$(cat "$QM_OPS_DIR/run/drill-app.pid" 2>/dev/null || true)"
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
    kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 1 60); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
    kill -KILL "$pid" 2>/dev/null || true
  fi
}
cleanup() { stop_app; bash "$repo/ops/pg/down.sh" >/dev/null 2>&1 || true; }
trap cleanup EXIT

log "Standing up the topology"
bash "$repo/ops/pg/up.sh" >/dev/null
set -a; source "$QM_OPS_DIR/env"; set +a
export QM_OPS_DIR

primary="$(primary_name)"
primary_dir="$(node_dir "$primary")"
keeper_pid="$(cat "$QM_OPS_DIR/run/$primary.pid")"
# The whole machine at once: the keeper's process group, the postmaster and every backend it started (a backend of a
# killed postmaster could otherwise still finish a request), found when the kill happens.
export DRILL_KILL_COMMAND="postmaster=\$(head -1 '$primary_dir/postmaster.pid'); kill -9 -- -$keeper_pid \$postmaster \$(pgrep -P \$postmaster) 2>/dev/null || true"
log "Filing loans through the app; the primary ($primary) will be lost mid-load"
status=0
figures="$(npx tsx ops/drills/failover-load.ts)" || status=$?
new_primary="$(primary_name || echo none)"
if [ -n "$figures" ]; then
  node -e '
    const f = JSON.parse(process.argv[1]);
    console.log(`Primary lost: ${process.argv[2]}; new primary: ${process.argv[3]}`);
    console.log(`Time to failover: ${f.timeToFailoverSeconds} s (kill to the first loan acknowledged through the new primary)`);
    console.log(`Loans acknowledged: ${f.loansAcknowledged} (${f.acknowledgedBeforeKill} before the loss; ${f.acknowledgedOnRetry} on a retry with the same key)`);
    console.log(`503 answers: ${f.answers503}; connections cut: ${f.cutConnections}`);
    console.log(`500 answers: ${f.answers500}`);
    console.log(`Loans lost: ${f.loansLost}`);
    console.log(`Keys that made two loans: ${f.keysWithTwoLoans}; last keys before the loss sent again: ${f.repeatedKeys}, answered with their first loan: ${f.repeatedKeysReplayed}`);
    console.log(`Answers by status: ${Object.entries(f.statuses).map(([s, n]) => `${s} ×${n}`).join(", ")}; load ${f.loadSeconds} s`);
  ' "$figures" "$primary" "$new_primary"
fi
if [ "$status" != 0 ] && [ -f "$QM_OPS_DIR/logs/app-failover.log" ]; then
  log "The app's last errors:"; grep -a '\[quartermaster\]' "$QM_OPS_DIR/logs/app-failover.log" | tail -20 >&2 || true
fi
# DRILL_KEEP_LOGS=<directory>: a copy of the app's and the keepers' logs, which down.sh removes.
[ -z "${DRILL_KEEP_LOGS:-}" ] || { mkdir -p "$DRILL_KEEP_LOGS" && cp -r "$QM_OPS_DIR/logs/." "$DRILL_KEEP_LOGS/"; } || true
[ "$status" = 0 ] && log "Drill (b) passed." || log "Drill (b) failed."
exit "$status"
