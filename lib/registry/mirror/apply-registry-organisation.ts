import { and, eq, sql } from 'drizzle-orm';
import { type Database, rowsOf, type Tx } from '@/db/client';
import { organisations, type RegistryOfficial } from '@/db/schema';
import { diffChanges, recordAudit } from '@/lib/platform/audit/record-audit';
import { createContext, type SystemContext } from '@/lib/platform/core/context';
import { runTenantUnit } from '@/lib/platform/jobs/job-deps';
import type { RegistryOrganization } from '../adapter/registry-adapter';

export type OrganisationSyncSource = { via: 'webhook'; deliveryId: string; event: string } | { via: 'reconcile'; runId: string } | { via: 'link'; userId: string };
export type OrganisationSyncOutcome = 'updated' | 'unchanged' | 'not_linked';

export function officialOf(record: RegistryOrganization): RegistryOfficial {
  return {
    name: record.name,
    registrationNumber: record.registrationNumber,
    region: record.region,
    sports: [...record.sports],
    officialEmail: record.officialEmail,
    active: record.active,
    updatedAt: record.updatedAt,
  };
}

const officialFields = ['name', 'registrationNumber', 'region', 'sports', 'officialEmail', 'active'] as const;

/**
 * Mirrors the registry's official data of the tenant's organisation (spec 002: registry master for official
 * data). Only registry_official and registry_synced_at are written: the name shown, custom domain, branding and
 * settings are the platform's and never overwritten. A change is audited as ORGANISATION_SYNCED_FROM_REGISTRY.
 */
export async function applyRegistryOrganisation(
  tx: Tx,
  ctx: Pick<SystemContext, 'organisationId' | 'requestId' | 'now'> & { user: { id: string } | null },
  input: { record: RegistryOrganization; source: OrganisationSyncSource },
): Promise<OrganisationSyncOutcome> {
  const [row] = await tx
    .select({ registryOfficial: organisations.registryOfficial })
    .from(organisations)
    .where(and(eq(organisations.id, ctx.organisationId), eq(organisations.registryId, input.record.id)))
    .for('update');
  if (!row) return 'not_linked';
  const official = officialOf(input.record);
  const changes = diffChanges<Record<string, unknown>>(row.registryOfficial ?? null, official, [...officialFields]);
  await tx.update(organisations).set({ registryOfficial: official, registrySyncedAt: ctx.now }).where(eq(organisations.id, ctx.organisationId));
  if (Object.keys(changes).length === 0) return 'unchanged';
  await recordAudit(tx, ctx, {
    action: 'ORGANISATION_SYNCED_FROM_REGISTRY',
    targetType: 'ORGANISATION',
    targetId: ctx.organisationId,
    changes,
    metadata: { registryId: input.record.id, fields: Object.keys(changes), ...input.source },
  });
  return 'updated';
}

export type LinkedOrganisation = { organisationId: string; registryId: string };

/** The tenants linked to a registry organisation (SECURITY DEFINER: identifiers only). */
export async function linkedOrganisations(db: Database): Promise<LinkedOrganisation[]> {
  const rows = rowsOf<{ organisation_id: string; registry_id: string }>(await db.execute(sql`select organisation_id, registry_id from app_registry_linked_organisations()`));
  return rows.map((row) => ({ organisationId: row.organisation_id, registryId: row.registry_id }));
}

/** Applies one registry organisation to the tenant linked to it (registry_id is unique: at most one), under its RLS. */
export async function fanOutRegistryOrganisation(
  deps: { db: Database; now: () => Date; runId: string },
  input: { record: RegistryOrganization; source: OrganisationSyncSource },
): Promise<OrganisationSyncOutcome[]> {
  const outcomes: OrganisationSyncOutcome[] = [];
  for (const link of (await linkedOrganisations(deps.db)).filter((l) => l.registryId === input.record.id)) {
    outcomes.push(
      await runTenantUnit(deps.db, link.organisationId, (tx) => {
        const { ctx } = createContext({ organisationId: link.organisationId, requestId: deps.runId, now: deps.now(), user: null });
        return applyRegistryOrganisation(tx, ctx, input);
      }),
    );
  }
  return outcomes;
}
