import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@/db/client';
import type { FieldEncryption } from '@/lib/platform/crypto/field-encryption';
import { failTenantBackfill, runTenantBackfill } from '@/lib/registry/backfill/run-tenant-backfill';
import type { RegistryAdapter } from '@/lib/registry/adapter/registry-adapter';
import { describeError, type JobDeps } from '@/lib/platform/jobs/job-deps';

export type RegistryBackfillDeps = Pick<JobDeps, 'db' | 'now' | 'runId' | 'log'> & {
  registry: RegistryAdapter | null;
  encryption?: FieldEncryption;
  pageSize?: number;
  /** Only these tenants (tests); otherwise every tenant with a backfill requested and not completed. */
  organisationIds?: string[];
};
export type RegistryBackfillResult = { tenants: number; completed: number; failed: number; phase0: number };

/**
 * Spec 002's initial backfill, run at night (and at once when an admin asks): every tenant whose backfill was
 * requested and has not completed, resumed where it stopped. Discovery is identifiers only (SECURITY DEFINER);
 * each tenant's work runs under its own RLS context.
 */
export async function runRegistryBackfills(deps: RegistryBackfillDeps): Promise<RegistryBackfillResult> {
  const result: RegistryBackfillResult = { tenants: 0, completed: 0, failed: 0, phase0: 0 };
  if (!deps.registry) {
    deps.log?.info('[quartermaster] registry sync is off (phase 0: REGISTRY_URL unset); no backfill to run');
    result.phase0 = 1;
    return result;
  }
  const due = rowsOf<{ organisation_id: string }>(await deps.db.execute(sql`select organisation_id from app_registry_backfills_due()`)).map((row) => row.organisation_id);
  const tenants = deps.organisationIds ? due.filter((id) => deps.organisationIds!.includes(id)) : due;
  const run = { db: deps.db, now: deps.now, registry: deps.registry, runId: deps.runId ?? randomUUID(), encryption: deps.encryption, pageSize: deps.pageSize };
  for (const organisationId of tenants) {
    result.tenants += 1;
    try {
      if ((await runTenantBackfill(run, organisationId)) === 'completed') result.completed += 1;
    } catch (error) {
      result.failed += 1;
      const message = describeError(error);
      deps.log?.warn(`[quartermaster] the registry backfill of organisation ${organisationId} stopped: ${message}`);
      await failTenantBackfill(run, organisationId, message);
    }
  }
  return result;
}
