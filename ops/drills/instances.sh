#!/usr/bin/env bash
# npm run drill:instances: N app instances behind haproxy, kill -9 one under write load, stop Redis; prints the
# figures and exits non-zero when a promise is broken (ops/drills/instances.ts). Needs the production build and
# haproxy; uses the shared PostgreSQL (a database of its own, dropped at the end) and a redis-server of its own
# on 127.0.0.1:${DRILL_REDIS_PORT:-6390}. Everything it starts is stopped by the trap.
set -euo pipefail
cd "$(dirname "$0")/../.."
export LB_RUN_DIR=${LB_RUN_DIR:-$(mktemp -d /tmp/qm-drill-instances.XXXXXX)}
mkdir -p "$LB_RUN_DIR"
export DRILL_DATABASE=qm_drill_instances_$$_$(date +%s)
export DRILL_REDIS_PORT=${DRILL_REDIS_PORT:-6390}
PG_ADMIN_URL=${PG_ADMIN_URL:-postgres://postgres@127.0.0.1:5432/postgres}
cleanup() {
  bash ops/lb/down.sh >/dev/null 2>&1 || true
  psql "$PG_ADMIN_URL" -qc "DROP DATABASE IF EXISTS \"$DRILL_DATABASE\" WITH (FORCE)" -c "DROP DATABASE IF EXISTS \"${DRILL_DATABASE}_ledger\" WITH (FORCE)" >/dev/null 2>&1 || true
  [ -n "${KEEP_DRILL_LOGS:-}" ] && echo "logs kept in $LB_RUN_DIR" || rm -rf "$LB_RUN_DIR"
}
trap cleanup EXIT
if redis-cli -p "$DRILL_REDIS_PORT" ping >/dev/null 2>&1; then
  echo "drill: something already answers on 127.0.0.1:$DRILL_REDIS_PORT; set DRILL_REDIS_PORT to a free port." >&2
  exit 1
fi
redis-server --port "$DRILL_REDIS_PORT" --bind 127.0.0.1 --save '' --appendonly no --daemonize yes \
  --pidfile "$LB_RUN_DIR/redis.pid" --logfile "$LB_RUN_DIR/redis.log"
NEXT_TELEMETRY_DISABLED=1 node node_modules/tsx/dist/cli.mjs ops/drills/instances.ts
