# Shared settings of the local PostgreSQL topology (sourced by the ops/pg and ops/drills scripts).
# State lives outside the repository: the checkout may be owned by root and cloned anywhere.
set -euo pipefail

QM_OPS_DIR="${QM_OPS_DIR:-/tmp/quartermaster-ops}"
QM_PG_BIN="${QM_PG_BIN:-/usr/lib/postgresql/15/bin}"
QM_PG_MONITOR_PORT="${QM_PG_MONITOR_PORT:-5500}"
QM_PG_NODE1_PORT="${QM_PG_NODE1_PORT:-5501}"
QM_PG_NODE2_PORT="${QM_PG_NODE2_PORT:-5502}"
QM_PG_NODE3_PORT="${QM_PG_NODE3_PORT:-5503}"
QM_PG_LEDGER_PORT="${QM_PG_LEDGER_PORT:-5510}"
QM_PG_HOST=127.0.0.1
QM_DB=quartermaster
QM_LEDGER_DB=quartermaster_ledger
QM_FORMATION_NAME=quartermaster
QM_PGBACKREST_CONF="$QM_OPS_DIR/pgbackrest/pgbackrest.conf"

NODE_NAMES=(node1 node2 node3)
node_port() { case "$1" in node1) echo "$QM_PG_NODE1_PORT" ;; node2) echo "$QM_PG_NODE2_PORT" ;; node3) echo "$QM_PG_NODE3_PORT" ;; esac; }
node_dir() { echo "$QM_OPS_DIR/$1"; }
MONITOR_DIR="$QM_OPS_DIR/monitor"
LEDGER_DIR="$QM_OPS_DIR/ledger"
MONITOR_URL="postgres://autoctl_node@$QM_PG_HOST:$QM_PG_MONITOR_PORT/pg_auto_failover?sslmode=disable"

log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "$*"; exit 1; }

# pg_autoctl, postgres and pgbackrest refuse to run as root: everything runs as the postgres OS user, with
# pg_autoctl's own state (XDG directories) inside QM_OPS_DIR so down.sh removes all of it.
as_pg() {
  local env=(env "PATH=$QM_PG_BIN:/usr/bin:/bin" "HOME=$QM_OPS_DIR" "XDG_CONFIG_HOME=$QM_OPS_DIR/xdg/config"
    "XDG_DATA_HOME=$QM_OPS_DIR/xdg/data" "XDG_RUNTIME_DIR=$QM_OPS_DIR/xdg/run" "PGCONNECT_TIMEOUT=3")
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "${env[@]}" "$@"; else "${env[@]}" "$@"; fi
}

# A psql call as the postgres superuser of one port; -X ignores any ~/.psqlrc.
pg_sql() { local port="$1" db="$2"; shift 2; as_pg psql -X -q -v ON_ERROR_STOP=1 -h "$QM_PG_HOST" -p "$port" -U postgres -d "$db" -At "$@"; }

# Starts `pg_autoctl run` for one directory in the background, logging to QM_OPS_DIR/logs.
start_keeper() {
  local dir="$1" name; name="$(basename "$dir")"
  as_pg sh -c "nohup pg_autoctl run --pgdata '$dir' >>'$QM_OPS_DIR/logs/$name.log' 2>&1 & echo \$! >'$QM_OPS_DIR/run/$name.pid'"
}

stop_keeper() {
  local dir="$1" name pid; name="$(basename "$dir")"
  [ -d "$dir" ] || return 0
  as_pg pg_autoctl stop --pgdata "$dir" >/dev/null 2>&1 || true
  pid="$(cat "$QM_OPS_DIR/run/$name.pid" 2>/dev/null || true)"
  for _ in $(seq 1 50); do { [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; } || break; sleep 0.2; done
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then kill -9 "$pid" 2>/dev/null || true; fi
  # A postmaster left behind by a killed keeper.
  if [ -f "$dir/postmaster.pid" ]; then as_pg pg_ctl -D "$dir" -m immediate stop >/dev/null 2>&1 || true; fi
  rm -f "$QM_OPS_DIR/run/$name.pid"
}

# Port of the node that accepts writes now, or nothing.
primary_port() {
  local name port
  for name in "${NODE_NAMES[@]}"; do
    port="$(node_port "$name")"
    if [ "$(pg_sql "$port" postgres -c 'select pg_is_in_recovery()' 2>/dev/null)" = f ]; then echo "$port"; return 0; fi
  done
  return 1
}

primary_name() {
  local port; port="$(primary_port)" || return 1
  for name in "${NODE_NAMES[@]}"; do [ "$(node_port "$name")" = "$port" ] && echo "$name"; done
}

wait_for() {
  local what="$1" seconds="$2"; shift 2
  local deadline=$((SECONDS + seconds))
  until "$@" >/dev/null 2>&1; do
    [ "$SECONDS" -lt "$deadline" ] || die "Timed out after ${seconds}s waiting for $what."
    sleep 0.5
  done
}

# The formation is ready when the monitor reports one primary and two secondaries.
formation_ready() {
  local states
  states="$(pg_sql "$QM_PG_MONITOR_PORT" pg_auto_failover -c "select string_agg(reportedstate::text || '/' || goalstate::text, ' ' order by reportedstate) from pgautofailover.node where formationid = 'default'")"
  [ "$states" = "primary/primary secondary/secondary secondary/secondary" ]
}

pgbackrest_cmd() { as_pg pgbackrest --config="$QM_PGBACKREST_CONF" "$@"; }
