import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database, Tx } from '@/db/client';
import { retentionRuns } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { describeError, type JobLog } from '@/lib/platform/jobs/job-deps';
import type { RetentionPrivacy } from './anonymise-persons';
import { retentionRunInProgress } from './errors';
import { previewRetention } from './preview-retention';
import { toRetentionRunDto } from './retention-run-dto';
import { executeRetentionRun, RUN_STALE_AFTER_MS, startRetentionRun } from './run-retention';
import type { RetentionRunDto, StartRetentionRunQuery } from './schemas';

/** What a manual run needs beyond the request's transaction: it works in transactions of its own. */
export type RetentionRunner = { db: Database; privacy: RetentionPrivacy; log?: JobLog };

export type RequestedRetentionRun = { run: RetentionRunDto; accepted: boolean };

const inTenant = (organisationId: string, id: string) => and(eq(retentionRuns.organisationId, organisationId), eq(retentionRuns.id, id));

/** Counts within the request (a savepoint, so a failing count is recorded as a failed run, not lost). */
async function dryRun(tx: Tx, ctx: RequestContext, runId: string): Promise<RetentionRunDto> {
  let outcome: { status: 'succeeded' | 'failed'; results: Awaited<ReturnType<typeof previewRetention>>; error: string | null };
  try {
    outcome = { status: 'succeeded', results: await tx.transaction((sp) => previewRetention(sp, ctx.organisationId, ctx.now)), error: null };
  } catch (error) {
    outcome = { status: 'failed', results: [], error: describeError(error) };
  }
  const [row] = await tx
    .update(retentionRuns)
    .set({ ...outcome, finishedAt: new Date() })
    .where(inTenant(ctx.organisationId, runId))
    .returning();
  return toRetentionRunDto(row!);
}

/**
 * An ADMIN's manual run (spec 001 lets every run be a dry run). A dry run is counted at once and answered with
 * its figures; a real run is recorded as running and carried out once the request's transaction has committed,
 * in batches of its own transactions, so the request never holds locks over the deletions. One real run at a
 * time per tenant: another while one is running is a conflict.
 */
export async function requestRetentionRun(tx: Tx, ctx: RequestContext, query: StartRetentionRunQuery, runner: RetentionRunner): Promise<RequestedRetentionRun> {
  const input = { asOf: ctx.now, dryRun: query.dryRun, trigger: 'manual' as const, requestedByUserId: ctx.user.id };
  if (query.dryRun) {
    const runId = await startRetentionRun(tx, ctx, input);
    return { run: await dryRun(tx, ctx, runId), accepted: false };
  }
  const [running] = await tx
    .select({ id: retentionRuns.id })
    .from(retentionRuns)
    .where(
      and(
        eq(retentionRuns.organisationId, ctx.organisationId),
        eq(retentionRuns.status, 'running'),
        eq(retentionRuns.dryRun, false),
        gt(retentionRuns.startedAt, sql`${new Date(ctx.now.getTime() - RUN_STALE_AFTER_MS).toISOString()}::timestamptz`),
      ),
    )
    .limit(1);
  if (running) throw retentionRunInProgress(running.id);
  const runId = await startRetentionRun(tx, ctx, input);
  const [row] = await tx.select().from(retentionRuns).where(inTenant(ctx.organisationId, runId));
  ctx.afterCommit(() => {
    executeRetentionRun(runner.db, ctx.organisationId, runId, { asOf: ctx.now, dryRun: false, privacy: runner.privacy, requestId: ctx.requestId, log: runner.log }).catch((error: unknown) =>
      runner.log?.error(`[quartermaster] retention run ${runId} could not be finished: ${describeError(error)}`),
    );
  });
  return { run: toRetentionRunDto(row!), accepted: true };
}
