import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { registrySyncState } from '@/db/schema';
import { createContext } from '@/lib/platform/core/context';
import { applyRegistryOrganisation, linkedOrganisations } from '@/lib/registry/mirror/apply-registry-organisation';
import type { RegistryAdapter, RegistryOrganization } from '@/lib/registry/adapter/registry-adapter';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';
import { describeError, type JobDeps, runTenantUnit } from '@/lib/platform/jobs/job-deps';

export type SyncRegistryOrganisationsDeps = Pick<JobDeps, 'db' | 'now' | 'runId' | 'log'> & { registry: RegistryAdapter | null; pageSize?: number };
export type SyncRegistryOrganisationsResult = { tenants: number; updated: number; unchanged: number; failed: number; phase0: number };

/**
 * The nightly organisation mirror (spec 002: organisations nightly). One incremental listing from the registry
 * (changedSince = the oldest of the linked tenants' own, stored per tenant in registry_sync_state), then each
 * linked tenant whose organisation changed gets its official data applied under its own RLS. Internal data is
 * never touched. A tenant's changedSince advances only when its run succeeded.
 */
export async function syncRegistryOrganisations(deps: SyncRegistryOrganisationsDeps): Promise<SyncRegistryOrganisationsResult> {
  const result: SyncRegistryOrganisationsResult = { tenants: 0, updated: 0, unchanged: 0, failed: 0, phase0: 0 };
  if (!deps.registry) {
    deps.log?.info('[quartermaster] registry sync is off (phase 0: REGISTRY_URL unset); organisations are not mirrored');
    result.phase0 = 1;
    return result;
  }
  const runId = deps.runId ?? randomUUID();
  const links = await linkedOrganisations(deps.db);
  if (links.length === 0) return result;
  const states = new Map<string, Date | null>();
  for (const link of links) {
    const [state] = await withTenant(deps.db, link.organisationId, (tx) =>
      tx.select({ changedSince: registrySyncState.changedSince }).from(registrySyncState).where(and(eq(registrySyncState.organisationId, link.organisationId), eq(registrySyncState.entity, 'organization'))),
    );
    states.set(link.organisationId, state?.changedSince ?? null);
  }
  const known = [...states.values()];
  const since = known.some((s) => s === null) ? undefined : new Date(Math.min(...known.map((s) => s!.getTime())));
  const startedAt = deps.now();
  const latest = new Map<string, RegistryOrganization>();
  let listingError: string | null = null;
  try {
    const wanted = new Set(links.map((l) => l.registryId));
    for await (const page of deps.registry.listOrganizationsChangedSince(since, { pageSize: deps.pageSize })) {
      for (const record of page.records) if (wanted.has(record.id)) latest.set(record.id, record);
    }
  } catch (error) {
    listingError = describeError(error);
    deps.log?.warn(`[quartermaster] listing organisations changed at the registry failed: ${listingError}`);
  }
  for (const link of links) {
    result.tenants += 1;
    let update: Partial<typeof registrySyncState.$inferInsert>;
    try {
      if (listingError) throw new Error(listingError);
      const record = latest.get(link.registryId);
      if (record) {
        const outcome = await runTenantUnit(deps.db, link.organisationId, (tx) => {
          const { ctx } = createContext({ organisationId: link.organisationId, requestId: runId, now: deps.now(), user: null });
          return applyRegistryOrganisation(tx, ctx, { record, source: { via: 'reconcile', runId } });
        });
        if (outcome === 'updated') result.updated += 1;
        else result.unchanged += 1;
      }
      const previous = states.get(link.organisationId) ?? null;
      const seen = record ? new Date(record.updatedAt) : null;
      update = { changedSince: seen && (!previous || seen > previous) ? seen : previous, lastRunAt: startedAt, lastSuccessAt: deps.now(), lastError: null };
    } catch (error) {
      result.failed += 1;
      update = { lastRunAt: startedAt, lastError: describeError(error) };
    }
    await withTenant(deps.db, link.organisationId, (tx) =>
      tx
        .insert(registrySyncState)
        .values({ organisationId: link.organisationId, entity: 'organization', ...update })
        .onConflictDoUpdate({ target: [registrySyncState.organisationId, registrySyncState.entity], set: update }),
    );
  }
  return result;
}
