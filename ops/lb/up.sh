#!/usr/bin/env bash
# ops/lb/up.sh [N]: N app instances (default 3, ports 3601..360N) behind haproxy on 127.0.0.1:${LB_PORT:-3600}.
# Needs the production build (`npm run build`). Without DATABASE_URL it creates its own database on the shared
# PostgreSQL (quartermaster_lb, the way tests do) and its secrets; without REDIS_URL it starts its own
# redis-server on 127.0.0.1:${DRILL_REDIS_PORT:-6390}. Everything it starts is recorded in ops/lb/.run and
# stopped by ops/lb/down.sh.
set -euo pipefail
cd "$(dirname "$0")/../.."
N=${1:-3}
LB_PORT=${LB_PORT:-3600}
RUN_DIR=${LB_RUN_DIR:-$PWD/ops/lb/.run}
PG_ADMIN_URL=${PG_ADMIN_URL:-postgres://postgres@127.0.0.1:5432/postgres}
[[ "$N" =~ ^[1-9]$ ]] || { echo "ops/lb/up.sh: N must be 1 to 9 (ports 3601..3609), not '$N'." >&2; exit 1; }
[ -f .next/BUILD_ID ] || { echo "ops/lb/up.sh: no production build; run npm run build first." >&2; exit 1; }
command -v haproxy >/dev/null || { echo "ops/lb/up.sh: haproxy is missing (apt-get install haproxy)." >&2; exit 1; }
mkdir -p "$RUN_DIR"

if [ -z "${DATABASE_URL:-}" ]; then
  DB=${LB_DATABASE:-quartermaster_lb}
  exists=$(psql "$PG_ADMIN_URL" -tAc "select 1 from pg_database where datname = '$DB'")
  if [ "$exists" != 1 ]; then
    psql "$PG_ADMIN_URL" -qc "CREATE DATABASE \"$DB\"" -c "CREATE DATABASE \"${DB}_ledger\""
  fi
  psql "$PG_ADMIN_URL" -qtAc "select 1 from pg_roles where rolname = 'qm_lb_app'" | grep -q 1 ||
    psql "$PG_ADMIN_URL" -qc "CREATE ROLE qm_lb_app LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE"
  if [ ! -f "$RUN_DIR/secrets.env" ]; then
    {
      echo "AUTH_SECRET=$(openssl rand -base64 32 | tr '+/' '-_' | tr -d '=')"
      echo "FLE_LOCAL_MASTER_KEY=$(openssl rand -base64 96 | tr -d '\n')"
      echo "PSEUDONYM_SECRET=$(openssl rand -base64 32 | tr '+/' '-_' | tr -d '=')"
    } >"$RUN_DIR/secrets.env"
  fi
  set -a
  # shellcheck disable=SC1091
  . "$RUN_DIR/secrets.env"
  DATABASE_URL=postgres://qm_lb_app@127.0.0.1:5432/$DB
  DATABASE_OWNER_URL=postgres://postgres@127.0.0.1:5432/$DB
  LEDGER_DATABASE_URL=postgres://postgres@127.0.0.1:5432/${DB}_ledger
  SEED_DEMO_DATA=${SEED_DEMO_DATA:-true}
  WEB_DOMAIN=${WEB_DOMAIN:-localhost}
  set +a
fi

if [ -z "${REDIS_URL:-}" ]; then
  REDIS_PORT=${DRILL_REDIS_PORT:-6390}
  if ! redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1; then
    redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --save '' --appendonly no --daemonize yes \
      --pidfile "$RUN_DIR/redis.pid" --logfile "$RUN_DIR/redis.log"
  fi
  export REDIS_URL=redis://127.0.0.1:$REDIS_PORT
fi

export NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 TRUSTED_PROXY_HOPS=${TRUSTED_PROXY_HOPS:-1}
servers=""
start_instance() { # index
  local port=$((LB_PORT + $1))
  # node itself (what `npm start` runs), so the pid recorded is the server's and kill -9 reaches it.
  setsid node scripts/start-server.mjs --hostname 127.0.0.1 --port "$port" >"$RUN_DIR/app-$1.log" 2>&1 &
  echo $! >"$RUN_DIR/app-$1.pid"
}
wait_ready() { # index
  local port=$((LB_PORT + $1))
  for _ in $(seq 1 240); do
    curl -fs -o /dev/null "http://127.0.0.1:$port/api/health/ready" && return 0
    kill -0 "$(cat "$RUN_DIR/app-$1.pid")" 2>/dev/null || { echo "ops/lb/up.sh: instance $1 exited; see $RUN_DIR/app-$1.log" >&2; tail -20 "$RUN_DIR/app-$1.log" >&2; exit 1; }
    sleep 0.5
  done
  echo "ops/lb/up.sh: instance $1 never became ready; see $RUN_DIR/app-$1.log" >&2
  exit 1
}
# The first instance migrates (and seeds) alone; the others then start side by side.
start_instance 1
wait_ready 1
for i in $(seq 2 "$N"); do start_instance "$i"; done
for i in $(seq 2 "$N"); do wait_ready "$i"; done
for i in $(seq 1 "$N"); do servers+="    server app$i 127.0.0.1:$((LB_PORT + i)) check"$'\n'; done
awk -v lb="$LB_PORT" -v run="$RUN_DIR" -v servers="$servers" \
  '{ gsub(/@LB_PORT@/, lb); gsub(/@RUN_DIR@/, run); if ($0 == "@SERVERS@") printf "%s", servers; else print }' \
  ops/lb/haproxy.cfg.template >"$RUN_DIR/haproxy.cfg"
haproxy -f "$RUN_DIR/haproxy.cfg" -D
for _ in $(seq 1 20); do curl -fs -o /dev/null "http://127.0.0.1:$LB_PORT/api/health/ready" && break; sleep 0.5; done
echo "ops/lb/up.sh: $N instances (ports $((LB_PORT + 1))..$((LB_PORT + N))) behind haproxy on http://127.0.0.1:$LB_PORT"
