import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf } from '@/db/client';
import { persons, registrySyncState } from '@/db/schema';
import { createContext } from '@/lib/platform/core/context';
import type { FieldEncryption } from '@/lib/platform/crypto/field-encryption';
import { type ApplyOutcome, applyRegistryPerson } from '@/lib/registry/mirror/apply-registry-person';
import type { RegistryAdapter } from '@/lib/registry/adapter/registry-adapter';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';
import { describeError, type JobDeps, runTenantUnit } from '@/lib/platform/jobs/job-deps';

export type ReconcileRegistryDeps = Pick<JobDeps, 'db' | 'now' | 'runId' | 'log'> & { registry: RegistryAdapter | null; encryption?: FieldEncryption; pageSize?: number };
export type ReconcileRegistryResult = { tenants: number; failedTenants: number; updated: number; conflicts: number; unchanged: number; phase0: number };

type TenantRun = { outcomes: ApplyOutcome[]; newest: string | null };

async function reconcileTenant(deps: ReconcileRegistryDeps & { registry: RegistryAdapter; runId: string }, organisationId: string, since: Date | undefined): Promise<TenantRun> {
  const run: TenantRun = { outcomes: [], newest: null };
  for await (const page of deps.registry.listPersonsChangedSince(since, { pageSize: deps.pageSize })) {
    if (page.records.length === 0) continue;
    const byId = new Map(page.records.map((record) => [record.id, record]));
    await runTenantUnit(deps.db, organisationId, async (tx, afterCommit) => {
      const mirrored = await tx
        .select({ id: persons.id, registryId: persons.registryId })
        .from(persons)
        .where(and(eq(persons.organisationId, organisationId), inArray(persons.registryId, [...byId.keys()])));
      const { ctx } = createContext({ organisationId, requestId: deps.runId, now: deps.now(), user: null });
      for (const person of mirrored) {
        const registryPerson = byId.get(person.registryId!)!;
        run.outcomes.push(await applyRegistryPerson(tx, { ...ctx, afterCommit }, { personId: person.id, registryPerson, source: { via: 'reconcile', runId: deps.runId }, encryption: deps.encryption }));
      }
    });
    for (const record of page.records) if (run.newest === null || record.updatedAt > run.newest) run.newest = record.updatedAt;
  }
  return run;
}

/**
 * The nightly reconcile (spec 002, 02:00 UTC): per tenant that mirrors registry persons, everything the
 * registry changed since that tenant's last successful run, merged exactly as a webhook would be. This is what
 * catches webhooks that never arrived. changedSince is the newest registry updatedAt seen (the registry's
 * clock, inclusive), stored per tenant and entity, and advanced only when the whole run succeeded.
 */
export async function reconcileRegistry(deps: ReconcileRegistryDeps): Promise<ReconcileRegistryResult> {
  const result: ReconcileRegistryResult = { tenants: 0, failedTenants: 0, updated: 0, conflicts: 0, unchanged: 0, phase0: 0 };
  if (!deps.registry) {
    deps.log?.info('[quartermaster] registry sync is off (phase 0: REGISTRY_URL unset); nothing to reconcile');
    result.phase0 = 1;
    return result;
  }
  const run = { ...deps, registry: deps.registry, runId: deps.runId ?? randomUUID() };
  const tenants = rowsOf<{ organisation_id: string }>(await deps.db.execute(sql`select organisation_id from app_registry_mirroring_organisations()`));
  for (const { organisation_id: organisationId } of tenants) {
    result.tenants += 1;
    const startedAt = deps.now();
    const [state] = await withTenant(deps.db, organisationId, (tx) =>
      tx.select({ changedSince: registrySyncState.changedSince }).from(registrySyncState).where(and(eq(registrySyncState.organisationId, organisationId), eq(registrySyncState.entity, 'person'))),
    );
    const since = state?.changedSince ?? undefined;
    let update: Partial<typeof registrySyncState.$inferInsert>;
    try {
      const tenantRun = await reconcileTenant(run, organisationId, since);
      for (const outcome of tenantRun.outcomes) {
        if (outcome === 'updated') result.updated += 1;
        else if (outcome === 'conflict') result.conflicts += 1;
        else if (outcome === 'unchanged') result.unchanged += 1;
      }
      update = { changedSince: tenantRun.newest ? new Date(tenantRun.newest) : (since ?? null), lastRunAt: startedAt, lastSuccessAt: deps.now(), lastError: null };
    } catch (error) {
      result.failedTenants += 1;
      deps.log?.warn(`[quartermaster] reconciling organisation ${organisationId} with the registry failed: ${describeError(error)}`);
      update = { lastRunAt: startedAt, lastError: describeError(error) };
    }
    await withTenant(deps.db, organisationId, (tx) =>
      tx
        .insert(registrySyncState)
        .values({ organisationId, entity: 'person', ...update })
        .onConflictDoUpdate({ target: [registrySyncState.organisationId, registrySyncState.entity], set: update }),
    );
  }
  return result;
}
