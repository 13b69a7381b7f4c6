import { isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Executor, rowsOf } from '@/db/client';
import { restoreMarkers } from '@/db/schema';
import { ValidationError } from '@/lib/platform/core/errors';

export const RestoreSource = z.string().trim().min(1).max(500);

/**
 * Records that the tenant database was restored (pg_restore, a cloud snapshot, pgBackRest): the next instance to
 * start replays the deletion ledger before it serves, once for every instance. Run as the owner: the app role may
 * not add markers.
 */
export async function markRestored(db: Executor, source: string): Promise<{ id: number }> {
  const parsed = RestoreSource.safeParse(source);
  if (!parsed.success) throw new ValidationError('Say in a few words where the restored data came from, in at most 500 characters.');
  const [marker] = await db.insert(restoreMarkers).values({ source: parsed.data }).returning({ id: restoreMarkers.id });
  return marker!;
}

/** Whether a restore still waits for its ledger replay: start-up asks this before it opens the ledger at all. */
export async function hasPendingRestoreMarker(db: Executor): Promise<boolean> {
  const [row] = rowsOf<{ pending: boolean }>(await db.execute(sql`select exists(select 1 from ${restoreMarkers} where ${isNull(restoreMarkers.ledgerReplayedAt)}) as pending`));
  return row?.pending === true;
}
