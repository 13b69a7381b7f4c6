#!/usr/bin/env bash
# Stops every process of the local topology and removes its state (QM_OPS_DIR).
source "$(dirname "$0")/lib.sh"

if [ -d "$LEDGER_DIR" ] && [ -f "$LEDGER_DIR/postmaster.pid" ]; then
  as_pg pg_ctl -D "$LEDGER_DIR" -m fast -w stop >/dev/null 2>&1 || as_pg pg_ctl -D "$LEDGER_DIR" -m immediate stop >/dev/null 2>&1 || true
fi
for name in node3 node2 node1; do stop_keeper "$(node_dir "$name")"; done
stop_keeper "$MONITOR_DIR"
case "$QM_OPS_DIR" in /|"") die "Refusing to remove QM_OPS_DIR=$QM_OPS_DIR" ;; esac
rm -rf "$QM_OPS_DIR"
log "Topology stopped and $QM_OPS_DIR removed."
