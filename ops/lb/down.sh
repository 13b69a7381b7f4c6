#!/usr/bin/env bash
# ops/lb/down.sh: stops what ops/lb/up.sh started (haproxy, the instances with SIGTERM so they drain, its own
# redis-server), by the pids it recorded. Its database stays; drop quartermaster_lb by hand if you want it gone.
set -uo pipefail
cd "$(dirname "$0")/../.."
RUN_DIR=${LB_RUN_DIR:-$PWD/ops/lb/.run}
[ -d "$RUN_DIR" ] || exit 0
stop() { # pidfile signal
  [ -f "$1" ] || return 0
  local pid; pid=$(cat "$1")
  kill "-$2" "$pid" 2>/dev/null
  for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
  kill -0 "$pid" 2>/dev/null && kill -9 "$pid" 2>/dev/null
  rm -f "$1"
}
stop "$RUN_DIR/haproxy.pid" TERM
for pidfile in "$RUN_DIR"/app-*.pid; do stop "$pidfile" TERM & done
wait
stop "$RUN_DIR/redis.pid" TERM
echo "ops/lb/down.sh: stopped"
