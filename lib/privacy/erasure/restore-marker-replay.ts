import { asc, inArray, isNull, sql } from 'drizzle-orm';
import { restoreMarkers } from '@/db/schema';
import type { LedgerDatabase } from './deletion-ledger';
import { type ReplayDeps, type ReplayResult, replayLedger } from './replay-ledger';
import { hasPendingRestoreMarker } from './restore-marker';

export type RestoreReplayDeps = Omit<ReplayDeps, 'ledger'> & { openLedger: () => Promise<LedgerDatabase> };
/** The restore markers this run stamped, and what the replay found (null when nothing was pending and none was asked for). */
export type RestoreReplayOutcome = { markers: number; result: ReplayResult | null };

// One key per tenant database: every instance starting after a restore queues on it, and only the first replays.
export const REPLAY_LOCK = 'quartermaster/restore-marker-replay';

/**
 * Replays the deletion ledger for the restores still pending (`always`: also when none is, for
 * `npm run ledger:replay`), then stamps them with the result. Lock, markers, re-erasures and stamps share one
 * transaction: an instance that waited on the lock finds the markers stamped and reads no ledger, and a replay
 * that fails leaves its markers pending for the next start. The ledger is opened only once a replay is due.
 */
export async function replayLedgerForRestoreMarkers(deps: RestoreReplayDeps, options: { always: boolean }): Promise<RestoreReplayOutcome> {
  if (!options.always && !(await hasPendingRestoreMarker(deps.db))) return { markers: 0, result: null };
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${REPLAY_LOCK}, 0))`);
    const pending = await tx.select({ id: restoreMarkers.id }).from(restoreMarkers).where(isNull(restoreMarkers.ledgerReplayedAt)).orderBy(asc(restoreMarkers.id)).for('update');
    if (pending.length === 0 && !options.always) return { markers: 0, result: null };
    const result = await replayLedger({ ...deps, db: tx, ledger: await deps.openLedger() });
    if (pending.length > 0) {
      // Each tenant's re-erasure set the app role and its tenant for the rest of this transaction; markers are nobody's.
      await tx.execute(sql`select set_config('role', 'none', true), set_config('app.organisation_id', '', true)`);
      await tx
        .update(restoreMarkers)
        .set({ ledgerReplayedAt: deps.now(), ledgerResult: result })
        .where(inArray(restoreMarkers.id, pending.map((m) => m.id)));
    }
    return { markers: pending.length, result };
  });
}
