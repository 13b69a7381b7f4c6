import { eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { organisations, type RegistryOfficial } from '@/db/schema';
import { sqlState } from '@/lib/platform/db/sql-state';
import type { RequestContext } from '@/lib/platform/core/context';
import { ConflictError, DomainError, NotFoundError } from '@/lib/platform/core/errors';
import { diffChanges, recordAudit } from '@/lib/platform/audit/record-audit';
import { officialOf } from '@/lib/registry/mirror/apply-registry-organisation';
import type { RegistryAdapter } from '@/lib/registry/adapter/registry-adapter';
import { registryUnavailable } from '@/lib/registry/backfill/errors';
import { RegistryUnavailableError } from '@/lib/registry/adapter/registry-errors';
import { forgetOrganisation } from '@/lib/platform/tenancy/resolve-organisation';
import { getOrganisationSettings } from './get-organisation-settings';
import type { OrganisationSettings, UpdateOrganisationBody } from './schemas';

const editable = ['name', 'legalContactEmail', 'registryId'] as const;

/** The registry's official data for a registry id an admin links; the registry must know it (spec 002, phase 1). */
async function officialFor(registry: RegistryAdapter | null, registryId: string): Promise<RegistryOfficial> {
  if (!registry) throw new DomainError('unavailable', 'REGISTRY_SYNC_OFF', 'Registry synchronisation is not configured on this platform (phase 0).');
  try {
    const record = await registry.getOrganization(registryId);
    if (!record) throw new DomainError('unprocessable', 'REGISTRY_ORGANISATION_NOT_FOUND', `The registry knows no organisation with the id "${registryId}".`, { registryId });
    return officialOf(record);
  } catch (error) {
    if (error instanceof RegistryUnavailableError) throw registryUnavailable();
    throw error;
  }
}

/**
 * Renames the organisation, sets its legal contact, or links it to the registry; only the fields sent change.
 * A registry id is checked against the registry (it must exist, 422 REGISTRY_ORGANISATION_NOT_FOUND) and may
 * be linked to one organisation only (409 REGISTRY_ID_TAKEN); its official data is mirrored at once. The name
 * shown stays the platform's own.
 */
export async function updateOrganisation(tx: Tx, ctx: RequestContext, input: UpdateOrganisationBody, deps: { registry: RegistryAdapter | null } = { registry: null }): Promise<OrganisationSettings> {
  const [before] = await tx
    .select({ id: organisations.id, slug: organisations.slug, name: organisations.name, legalContactEmail: organisations.legalContactEmail, customDomain: organisations.customDomain, registryId: organisations.registryId })
    .from(organisations)
    .where(eq(organisations.id, ctx.organisationId))
    .for('update');
  if (!before) throw new NotFoundError('TENANT_NOT_FOUND', 'The organisation does not exist.', { organisationId: ctx.organisationId });
  const after = { ...before, ...input };
  const changes = diffChanges(before, after, editable.filter((field) => field in input));
  if (Object.keys(changes).length === 0) return getOrganisationSettings(tx, ctx.organisationId);
  const registryChange: Partial<typeof organisations.$inferInsert> = {};
  if (changes.registryId) {
    const official = after.registryId ? await officialFor(deps.registry, after.registryId) : null;
    Object.assign(registryChange, { registryId: after.registryId, registryOfficial: official, registrySyncedAt: official ? ctx.now : null });
  }
  await tx
    .update(organisations)
    .set({ name: after.name, legalContactEmail: after.legalContactEmail, ...registryChange, updatedAt: new Date() })
    .where(eq(organisations.id, ctx.organisationId))
    .catch((error: unknown) => {
      if (changes.registryId && sqlState(error) === '23505') {
        throw new ConflictError('REGISTRY_ID_TAKEN', `Another organisation is already linked to the registry id "${after.registryId}".`, { registryId: after.registryId });
      }
      throw error;
    });
  await recordAudit(tx, ctx, { action: 'ORGANISATION_UPDATED', targetType: 'ORGANISATION', targetId: ctx.organisationId, changes });
  // Host lookups are cached for a few seconds; the new name shows on the next page, not after the cache expires.
  if (changes.name) ctx.afterCommit(() => forgetOrganisation(before.slug, before.customDomain));
  return getOrganisationSettings(tx, ctx.organisationId);
}
