import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@/db/client';
import type { RetentionPrivacy } from '@/lib/privacy/retention/anonymise-persons';
import type { BatchReport } from '@/lib/privacy/retention/delete-expired';
import { runRetention } from '@/lib/privacy/retention/run-retention';
import type { JobDeps } from '@/lib/platform/jobs/job-deps';

export type ApplyRetentionDeps = Pick<JobDeps, 'db' | 'now' | 'runId' | 'log'> & { privacy: RetentionPrivacy; batchSize?: number; onBatch?: BatchReport };
export type ApplyRetentionResult = { tenants: number; succeeded: number; failed: number; deleted: number; anonymised: number };

/**
 * The daily retention job (spec 001: 02:00 UTC): every tenant, found through app_retention_organisations
 * (identifiers only), gets a recorded run of the policy as of now under its own RLS context. A tenant whose run
 * fails is recorded failed and the others still run.
 */
export async function applyRetention(deps: ApplyRetentionDeps): Promise<ApplyRetentionResult> {
  const tenants = rowsOf<{ organisation_id: string }>(await deps.db.execute(sql`select organisation_id from app_retention_organisations()`));
  const result: ApplyRetentionResult = { tenants: tenants.length, succeeded: 0, failed: 0, deleted: 0, anonymised: 0 };
  const asOf = deps.now();
  for (const { organisation_id: organisationId } of tenants) {
    const run = await runRetention(deps.db, organisationId, {
      asOf,
      dryRun: false,
      trigger: 'schedule',
      privacy: deps.privacy,
      requestId: deps.runId ?? randomUUID(),
      batchSize: deps.batchSize,
      onBatch: deps.onBatch,
      log: deps.log,
    });
    if (run.status === 'succeeded') result.succeeded += 1;
    else result.failed += 1;
    for (const entry of run.results) {
      if (entry.action === 'delete') result.deleted += entry.count;
      if (entry.action === 'anonymise') result.anonymised += entry.count;
    }
  }
  return result;
}
