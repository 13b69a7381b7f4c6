import { randomUUID } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Database, Tx } from '@/db/client';
import { type RetentionKindResult, retentionRuns } from '@/db/schema';
import { recordAudit } from '@/lib/platform/audit/record-audit';
import { createContext, type SystemContext } from '@/lib/platform/core/context';
import { describeError, type JobLog } from '@/lib/platform/jobs/job-deps';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';
import { anonymiseExpiredPersons, type RetentionPrivacy } from './anonymise-persons';
import { type BatchReport, deleteExpired } from './delete-expired';
import { RETENTION_POLICY, type RetentionKind } from './policy';
import { previewRetention } from './preview-retention';
import { type RetentionRunDto, toRetentionRunDto } from './retention-run-dto';

export const RETENTION_BATCH_SIZE = 5000;
/** A run still marked running after this long was cut off (the process stopped); the next start marks it failed. */
export const RUN_STALE_AFTER_MS = 6 * 60 * 60 * 1000;
const INTERRUPTED = 'Interrupted: the process carrying out the run stopped before it finished.';

export type RunRetentionOptions = {
  asOf: Date;
  dryRun: boolean;
  trigger: 'schedule' | 'manual';
  requestedByUserId?: string | null;
  /** Ledger and pseudonym secret for anonymising persons; asked for only when one is due. */
  privacy: RetentionPrivacy;
  requestId?: string;
  batchSize?: number;
  onBatch?: BatchReport;
  log?: JobLog;
};

type Counts = Partial<Record<RetentionKind, number>>;

const resultsOf = (counts: Counts): RetentionKindResult[] =>
  RETENTION_POLICY.map((row) => ({ kind: row.kind, action: row.action, count: row.action === 'keep' ? 0 : (counts[row.kind] ?? 0) }));

type StartInput = Pick<RunRetentionOptions, 'asOf' | 'dryRun' | 'trigger'> & { requestedByUserId?: string | null };

/**
 * Records a run as running, in the caller's transaction under the tenant's RLS, with its RETENTION_RUN_STARTED
 * audit entry (a dry run writes nothing but its own row). Returns the run's id for executeRetentionRun.
 */
export async function startRetentionRun(tx: Tx, ctx: Pick<SystemContext, 'organisationId' | 'requestId'>, input: StartInput): Promise<string> {
  await tx
    .update(retentionRuns)
    .set({ status: 'failed', error: INTERRUPTED, finishedAt: new Date() })
    .where(and(eq(retentionRuns.organisationId, ctx.organisationId), eq(retentionRuns.status, 'running'), lt(retentionRuns.startedAt, new Date(Date.now() - RUN_STALE_AFTER_MS))));
  const [run] = await tx
    .insert(retentionRuns)
    .values({ organisationId: ctx.organisationId, dryRun: input.dryRun, trigger: input.trigger, requestedByUserId: input.requestedByUserId ?? null, asOf: input.asOf })
    .returning({ id: retentionRuns.id });
  if (!input.dryRun) {
    await recordAudit(tx, { ...ctx, user: input.requestedByUserId ? { id: input.requestedByUserId } : null }, {
      action: 'RETENTION_RUN_STARTED',
      targetType: 'RETENTION_RUN',
      targetId: run!.id,
      metadata: { trigger: input.trigger, asOf: input.asOf.toISOString() },
    });
  }
  return run!.id;
}

async function finishRun(db: Database, ctx: SystemContext, runId: string, dryRun: boolean, outcome: { results: RetentionKindResult[]; error: string | null }): Promise<RetentionRunDto> {
  return withTenant(db, ctx.organisationId, async (tx) => {
    const [run] = await tx
      .update(retentionRuns)
      .set({ status: outcome.error ? 'failed' : 'succeeded', results: outcome.results, error: outcome.error, finishedAt: new Date() })
      .where(and(eq(retentionRuns.organisationId, ctx.organisationId), eq(retentionRuns.id, runId)))
      .returning();
    if (!dryRun) {
      await recordAudit(tx, ctx, {
        action: outcome.error ? 'RETENTION_RUN_FAILED' : 'RETENTION_RUN_COMPLETED',
        targetType: 'RETENTION_RUN',
        targetId: runId,
        changes: { status: { before: 'running', after: outcome.error ? 'failed' : 'succeeded' } },
        metadata: { results: outcome.results.filter((r) => r.count > 0), ...(outcome.error ? { error: outcome.error } : {}) },
      });
    }
    return toRetentionRunDto(run!);
  });
}

export type ExecuteRetentionOptions = Omit<RunRetentionOptions, 'trigger' | 'requestedByUserId'>;

/**
 * Carries out a run recorded by startRetentionRun: the work goes in batches, each its own short transaction under
 * the tenant's RLS with its audit entry; a dry run only counts (previewRetention). The run ends succeeded with the
 * count per kind, or failed with the error and what was done before it. A failure never throws: the failed run
 * is returned.
 */
export async function executeRetentionRun(db: Database, organisationId: string, runId: string, options: ExecuteRetentionOptions): Promise<RetentionRunDto> {
  const { ctx } = createContext({ organisationId, user: null, requestId: options.requestId ?? randomUUID(), now: options.asOf });
  const counts: Counts = {};
  let results: RetentionKindResult[] = [];
  let error: string | null = null;
  try {
    if (options.dryRun) {
      results = await withTenant(db, organisationId, (tx) => previewRetention(tx, organisationId, options.asOf));
    } else {
      const deps = { db, ctx, runId, batchSize: options.batchSize ?? RETENTION_BATCH_SIZE, onBatch: options.onBatch };
      await anonymiseExpiredPersons(deps, options.privacy, counts);
      await deleteExpired(deps, counts);
      results = resultsOf(counts);
    }
  } catch (failure) {
    error = describeError(failure);
    results = resultsOf(counts);
    options.log?.error(`[quartermaster] retention run ${runId} of organisation ${organisationId} failed: ${error}`);
  }
  return finishRun(db, ctx, runId, options.dryRun, { results, error });
}

/** Applies the retention policy (policy.ts) to one tenant as of `asOf`: a recorded run, started and carried out. */
export async function runRetention(db: Database, organisationId: string, options: RunRetentionOptions): Promise<RetentionRunDto> {
  const requestId = options.requestId ?? randomUUID();
  const runId = await withTenant(db, organisationId, (tx) => startRetentionRun(tx, { organisationId, requestId }, options));
  return executeRetentionRun(db, organisationId, runId, { ...options, requestId });
}
