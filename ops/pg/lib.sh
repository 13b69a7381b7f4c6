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
  # From a directory postgres may enter: initdb and pg_ctl resolve the working directory, and a root-owned
  # checkout (CI clones into /root) is closed to postgres.
  if [ "$(id -u)" = 0 ]; then (cd / && runuser -u postgres -- "${env[@]}" "$@"); else "${env[@]}" "$@"; fi
}

# A psql call as the postgres superuser of one port; -X ignores any ~/.psqlrc.
pg_sql() { local port="$1" db="$2"; shift 2; as_pg psql -X -q -v ON_ERROR_STOP=1 -h "$QM_PG_HOST" -p "$port" -U postgres -d "$db" -At "$@"; }

# Starts `pg_autoctl run` for one directory in the background, logging to QM_OPS_DIR/logs.
start_keeper() {
  local dir="$1" name; name="$(basename "$dir")"
  # setsid: the keeper and its children (postgres among them) form one process group, which a drill can kill.
  as_pg sh -c "setsid nohup pg_autoctl run --pgdata '$dir' >>'$QM_OPS_DIR/logs/$name.log' 2>&1 & echo \$! >'$QM_OPS_DIR/run/$name.pid'"
}

stop_keeper() {
  local dir="$1" name pid; name="$(basename "$dir")"
  [ -d "$dir" ] || return 0
  as_pg pg_autoctl stop --pgdata "$dir" >/dev/null 2>&1 || true
  pid="$(cat "$QM_OPS_DIR/run/$name.pid" 2>/dev/null || true)"
  for _ in $(seq 1 50); do { [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; } || break; sleep 0.2; done
  # The keeper's whole process group (start_keeper's setsid), so no child outlives it.
  if [ -n "$pid" ]; then kill -9 -- "-$pid" 2>/dev/null || true; fi
  # A postmaster left behind by a killed keeper.
  if [ -f "$dir/postmaster.pid" ]; then as_pg pg_ctl -D "$dir" -m immediate stop >/dev/null 2>&1 || true; fi
  # The lock file of a postmaster killed with SIGKILL (a lost node) outlives it and would block a restore.
  if [ -f "$dir/postmaster.pid" ] && ! kill -0 "$(head -1 "$dir/postmaster.pid")" 2>/dev/null; then rm -f "$dir/postmaster.pid"; fi
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
  local port name; port="$(primary_port)" || return 1
  for name in "${NODE_NAMES[@]}"; do
    if [ "$(node_port "$name")" = "$port" ]; then echo "$name"; return 0; fi
  done
  return 1
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

node_is_primary() { [ "$(pg_sql "$(node_port "$1")" postgres -c 'select pg_is_in_recovery()' 2>/dev/null)" = f ]; }

create_monitor() {
  log "Monitor on port $QM_PG_MONITOR_PORT"
  as_pg pg_autoctl create monitor --pgdata "$MONITOR_DIR" --pgport "$QM_PG_MONITOR_PORT" --hostname "$QM_PG_HOST" \
    --auth trust --no-ssl --pgctl "$QM_PG_BIN/pg_ctl" >>"$QM_OPS_DIR/logs/create.log" 2>&1
  start_keeper "$MONITOR_DIR"
  wait_for "the monitor" 60 pg_sql "$QM_PG_MONITOR_PORT" pg_auto_failover -c 'select 1'
  # Failure detection tuned for a local rehearsal (defaults: 5 s period, 5 s timeout, 2 retries, 20 s unhealthy,
  # 30 s demote). primary_demote_timeout stays above the keepers' network_partition_timeout (create_node), so a
  # partitioned primary has stopped itself before a standby is promoted.
  pg_sql "$QM_PG_MONITOR_PORT" pg_auto_failover >/dev/null <<SQL
alter system set pgautofailover.health_check_period = 1000;
alter system set pgautofailover.health_check_timeout = 1000;
alter system set pgautofailover.health_check_max_retries = 1;
alter system set pgautofailover.health_check_retry_delay = 500;
alter system set pgautofailover.node_considered_unhealthy_timeout = 3000;
alter system set pgautofailover.primary_demote_timeout = 6000;
select pg_reload_conf();
SQL
}

# Registers a node with the monitor: an existing PGDATA is kept (it becomes the primary when it is the first),
# a missing one is cloned from the primary by pg_basebackup.
create_node() {
  local name="$1" dir port; dir="$(node_dir "$name")"; port="$(node_port "$name")"
  as_pg pg_autoctl create postgres --pgdata "$dir" --pgport "$port" --hostname "$QM_PG_HOST" --name "$name" \
    --monitor "$MONITOR_URL" --auth trust --no-ssl --dbname "$QM_DB" --pgctl "$QM_PG_BIN/pg_ctl" \
    >>"$QM_OPS_DIR/logs/create.log" 2>&1
  as_pg pg_autoctl config set --pgdata "$dir" timeout.network_partition_timeout 4 >/dev/null
  as_pg pg_autoctl config set --pgdata "$dir" timeout.postgresql_restart_failure_timeout 5 >/dev/null
  start_keeper "$dir"
}

sync_standby_names() { pg_sql "$(primary_port)" postgres -c 'show synchronous_standby_names'; }
has_sync_standby() { [ -n "$(sync_standby_names 2>/dev/null)" ]; }

# A commit is acknowledged only once one standby has it (synchronous_standby_names = ANY 1 (...)). The monitor's
# own function: pg_autoctl 2.0's `set formation number-sync-standbys` misreads its argument.
require_sync_standby() {
  wait_for "both standbys" 180 formation_ready
  pg_sql "$QM_PG_MONITOR_PORT" pg_auto_failover -c "select pgautofailover.set_formation_number_sync_standbys('default', 1)" >/dev/null
  wait_for "synchronous replication" 60 has_sync_standby
}
