import { sql } from 'drizzle-orm';
import { rowsOf } from '@/db/client';
import type { JobDeps } from '@/lib/platform/jobs/job-deps';

const PER_BATCH = 5_000;

/**
 * Deletes the Idempotency-Keys whose 24 hours are over (lib/transport/http/idempotency.ts), every tenant's, in batches through
 * app_purge_idempotency_keys (migration 0049). A request already treats an expired key as unused; this keeps the
 * table, and the stored answers in it, to the last day's keys.
 */
export async function purgeIdempotencyKeys(deps: Pick<JobDeps, 'db' | 'now'>): Promise<{ purged: number }> {
  const now = deps.now();
  let purged = 0;
  for (;;) {
    const [batch] = rowsOf<{ purged: number }>(await deps.db.execute(sql`select app_purge_idempotency_keys(${now.toISOString()}::timestamptz, ${PER_BATCH}::integer) as purged`));
    purged += batch!.purged;
    if (batch!.purged < PER_BATCH) return { purged };
  }
}
