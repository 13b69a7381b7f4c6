#!/usr/bin/env bash
# Drill (a): point-in-time restore and the deletion ledger (spec 001). Unattended; exits non-zero on any broken
# promise. up -> app -> full backup -> loans and messages -> target time T -> a real erasure -> more loans ->
# restore to T -> app: the subject is erased again, nothing written before T is lost, the ledger replayed once
# (and not again on a restart). Needs the production build (npm run build). docs/operations/drills.md.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
source "$repo/ops/pg/lib.sh"
cd "$repo"
app_port="${DRILL_APP_PORT:-3500}"
[ -f .next/BUILD_ID ] || die "No production build: run npm run build first."

app_pid=""
stop_app() {
  if [ -n "$app_pid" ] && kill -0 "$app_pid" 2>/dev/null; then
    kill -TERM "$app_pid" 2>/dev/null || true
    for _ in $(seq 1 60); do kill -0 "$app_pid" 2>/dev/null || break; sleep 0.5; done
    kill -KILL "$app_pid" 2>/dev/null || true
  fi
  app_pid=""
}
cleanup() { stop_app; bash "$repo/ops/pg/down.sh" >/dev/null 2>&1 || true; }
trap cleanup EXIT

secret() { node -e "console.log(require('crypto').randomBytes($1).toString('base64'))"; }
export AUTH_SECRET="$(secret 32)" FLE_LOCAL_MASTER_KEY="$(secret 96)" PSEUDONYM_SECRET="$(secret 32)"
export NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 SEED_DEMO_DATA=true JOBS_IN_PROCESS=false WEB_DOMAIN=localhost \
  DEMO_MODE=false LOG_LEVEL=warn REDIS_URL= OIDC_ISSUER=

start_app() {
  local log_file="$QM_OPS_DIR/logs/app-$1.log"
  node scripts/start-server.mjs --hostname 127.0.0.1 --port "$app_port" >"$log_file" 2>&1 &
  app_pid=$!
  local deadline=$((SECONDS + 120))
  # Node's fetch rather than curl: CI has nothing beyond Node.js and the PostgreSQL packages.
  until node -e 'fetch(process.argv[1]).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))' "http://127.0.0.1:$app_port/api/health"; do
    kill -0 "$app_pid" 2>/dev/null || { cat "$log_file" >&2; die "The app exited during start-up."; }
    [ "$SECONDS" -lt "$deadline" ] || { cat "$log_file" >&2; die "The app did not answer within 120 s."; }
    sleep 0.5
  done
}
check() { npx tsx ops/drills/pitr-ledger-check.ts "$@"; }
replays_in() { grep -c "deletion ledger replayed" "$QM_OPS_DIR/logs/app-$1.log" || true; }

log "Standing up the topology"
bash ops/pg/up.sh >/dev/null
set -a; source "$QM_OPS_DIR/env"; set +a
export QM_OPS_DIR

log "Starting the app (migrations and demo data)"
start_app first
log "Full backup"
bash ops/pg/backup.sh daily
log "Writing before the target time"
check before
sleep 1
target="$(date -u '+%Y-%m-%d %H:%M:%S.%N' | cut -c1-23)+00"
sleep 1
log "Target time $target; erasing a person and writing more"
check erase
check after

log "Restoring to the target time"
stop_app
recover_started=$SECONDS
bash ops/pg/restore.sh --time "$target"
start_app restored
recovery_seconds=$((SECONDS - recover_started))
status=0
figures="$(check verify)" || status=1
log "Restarting the app: the ledger must not be replayed again"
stop_app
start_app restarted
check verify-again >/dev/null || status=1
first_replays="$(replays_in restored)"
second_replays="$(replays_in restarted)"
if [ "$first_replays" != 1 ] || [ "$second_replays" != 0 ]; then
  log "Broken promise: the app logged $first_replays ledger replay(s) after the restore and $second_replays after the restart (expected 1 and 0)."
  status=1
fi

node -e '
  const f = JSON.parse(process.argv[1]);
  console.log(`Time to recover: ${process.argv[2]} s (restore and app start)`);
  console.log(`Rows lost before T: ${f.rowsLostBeforeTarget}`);
  console.log(`Subjects resurrected: ${f.subjectsResurrected}`);
  console.log(`Loans written after T (rolled back by design): ${10 - f.loansWrittenAfterTarget} of 10`);
  console.log(`Ledger replays: ${process.argv[3]} after the restore, ${process.argv[4]} after a restart`);
' "$figures" "$recovery_seconds" "$first_replays" "$second_replays"
[ "$status" = 0 ] && log "Drill (a) passed." || log "Drill (a) failed."
exit "$status"
