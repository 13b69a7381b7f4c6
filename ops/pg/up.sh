#!/usr/bin/env bash
# Stands up the local topology: a pg_auto_failover monitor, a primary and two synchronous standbys (the tenant
# database), a separate ledger cluster, and pgBackRest stanzas for both. docs/operations/database.md explains it.
source "$(dirname "$0")/lib.sh"

[ ! -e "$QM_OPS_DIR/env" ] || die "A topology is already up in $QM_OPS_DIR (run ops/pg/down.sh first)."
for port in "$QM_PG_MONITOR_PORT" "$QM_PG_NODE1_PORT" "$QM_PG_NODE2_PORT" "$QM_PG_NODE3_PORT" "$QM_PG_LEDGER_PORT"; do
  ! (exec 3<>"/dev/tcp/$QM_PG_HOST/$port") 2>/dev/null || die "Port $port is already in use; choose other QM_PG_*_PORT values."
done
started=$SECONDS

mkdir -p "$QM_OPS_DIR"/{logs,run,xdg/config,xdg/data,xdg/run,pgbackrest,backups/daily,backups/weekly,backups/monthly}
chmod 700 "$QM_OPS_DIR" "$QM_OPS_DIR/xdg/run"
[ "$(id -u)" != 0 ] || chown -R postgres:postgres "$QM_OPS_DIR"

# One repository per tier of spec 001 (docs/operations/backups.md). Every node archives into all three, so a
# standby promoted by a failover keeps the WAL stream going.
as_pg tee "$QM_PGBACKREST_CONF" >/dev/null <<CONF
[global]
lock-path=$QM_OPS_DIR/run/pgbackrest
log-path=$QM_OPS_DIR/logs
spool-path=$QM_OPS_DIR/run/pgbackrest-spool
log-level-console=warn
log-level-file=info
compress-type=zst
start-fast=y
archive-timeout=60
delta=y

repo1-path=$QM_OPS_DIR/backups/daily
repo1-retention-full-type=time
repo1-retention-full=30
repo1-retention-archive-type=full
repo1-retention-archive=7

repo2-path=$QM_OPS_DIR/backups/weekly
repo2-retention-full-type=time
repo2-retention-full=365
repo2-retention-archive-type=full
repo2-retention-archive=1

repo3-path=$QM_OPS_DIR/backups/monthly
repo3-retention-full-type=time
repo3-retention-full=2557
repo3-retention-archive-type=full
repo3-retention-archive=1

[main]
pg1-path=$(node_dir node1)
pg1-port=$QM_PG_NODE1_PORT
pg1-user=postgres

[ledger]
pg1-path=$LEDGER_DIR
pg1-port=$QM_PG_LEDGER_PORT
pg1-socket-path=$QM_OPS_DIR/run
pg1-user=postgres
CONF

# Settings every tenant node shares; postgresql.auto.conf wins over pg_autoctl's own file and is copied to the
# standbys by their base backup. "$PWD" is the data directory of whichever node runs the command.
archive_settings() {
  local stanza="$1"
  cat <<CONF
listen_addresses = '$QM_PG_HOST'
archive_mode = on
archive_command = 'pgbackrest --config=$QM_PGBACKREST_CONF --stanza=$stanza --pg1-path="\$PWD" archive-push "%p"'
restore_command = 'pgbackrest --config=$QM_PGBACKREST_CONF --stanza=$stanza --pg1-path="\$PWD" archive-get %f "%p"'
archive_timeout = 60
wal_level = replica
wal_log_hints = on
log_min_messages = warning
CONF
}

create_monitor

log "Primary on port $QM_PG_NODE1_PORT"
as_pg "$QM_PG_BIN/initdb" -D "$(node_dir node1)" -U postgres -A trust --data-checksums >>"$QM_OPS_DIR/logs/create.log"
archive_settings main | as_pg tee -a "$(node_dir node1)/postgresql.auto.conf" >/dev/null
create_node node1
wait_for "the primary" 90 node_is_primary node1

log "Roles and database"
# Like production (docs/operations/tenant-isolation.md): the owner migrates, the runtime role owns nothing. The
# owner is no superuser but needs BYPASSRLS: migrations insert rows into tables under FORCE ROW LEVEL SECURITY.
pg_sql "$QM_PG_NODE1_PORT" postgres <<SQL
create role qm_owner login nosuperuser bypassrls createrole;
create role qm_app login nosuperuser nobypassrls nocreatedb nocreaterole;
alter database $QM_DB owner to qm_owner;
SQL
pg_sql "$QM_PG_NODE1_PORT" "$QM_DB" -c 'revoke create on schema public from public'
pgbackrest_cmd --stanza=main stanza-create
pgbackrest_cmd --stanza=main check

log "Standbys on ports $QM_PG_NODE2_PORT and $QM_PG_NODE3_PORT"
create_node node2
create_node node3
require_sync_standby

log "Ledger cluster on port $QM_PG_LEDGER_PORT"
as_pg "$QM_PG_BIN/initdb" -D "$LEDGER_DIR" -U postgres -A trust --data-checksums >>"$QM_OPS_DIR/logs/create.log"
{ archive_settings ledger; echo "port = $QM_PG_LEDGER_PORT"; echo "unix_socket_directories = '$QM_OPS_DIR/run'"; } |
  as_pg tee -a "$LEDGER_DIR/postgresql.auto.conf" >/dev/null
as_pg pg_ctl -D "$LEDGER_DIR" -l "$QM_OPS_DIR/logs/ledger.log" -w start >/dev/null
pg_sql "$QM_PG_LEDGER_PORT" postgres <<SQL
create role qm_ledger login nosuperuser nobypassrls;
create database $QM_LEDGER_DB owner qm_ledger;
SQL
pgbackrest_cmd --stanza=ledger stanza-create
pgbackrest_cmd --stanza=ledger check

hosts="$QM_PG_HOST:$QM_PG_NODE1_PORT,$QM_PG_HOST:$QM_PG_NODE2_PORT,$QM_PG_HOST:$QM_PG_NODE3_PORT"
as_pg tee "$QM_OPS_DIR/env" >/dev/null <<ENV
DATABASE_URL=postgres://qm_app@$hosts/$QM_DB?target_session_attrs=read-write
DATABASE_OWNER_URL=postgres://qm_owner@$hosts/$QM_DB?target_session_attrs=read-write
LEDGER_DATABASE_URL=postgres://qm_ledger@$QM_PG_HOST:$QM_PG_LEDGER_PORT/$QM_LEDGER_DB
ENV
log "Up in $((SECONDS - started)) s. Connection settings (also in $QM_OPS_DIR/env):"
cat "$QM_OPS_DIR/env"
