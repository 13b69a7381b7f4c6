import { eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { organisations } from '@/db/schema';
import type { RequestContext } from '@/lib/core/context';
import { NotFoundError } from '@/lib/core/errors';
import { diffChanges, recordAudit } from '@/lib/audit/record-audit';
import { forgetOrganisation } from '@/lib/tenancy/resolve-organisation';
import type { UpdateOrganisationBody } from './schemas';

export async function updateOrganisation(tx: Tx, ctx: RequestContext, input: UpdateOrganisationBody): Promise<{ name: string }> {
  const [before] = await tx
    .select({ name: organisations.name, slug: organisations.slug, customDomain: organisations.customDomain })
    .from(organisations)
    .where(eq(organisations.id, ctx.organisationId))
    .for('update');
  if (!before) throw new NotFoundError('TENANT_NOT_FOUND', 'The organisation does not exist.', { organisationId: ctx.organisationId });
  const changes = diffChanges(before, input, ['name']);
  if (Object.keys(changes).length === 0) return { name: before.name };
  await tx.update(organisations).set({ name: input.name, updatedAt: new Date() }).where(eq(organisations.id, ctx.organisationId));
  await recordAudit(tx, ctx, { action: 'ORGANISATION_UPDATED', targetType: 'ORGANISATION', targetId: ctx.organisationId, changes });
  // Host lookups are cached for a few seconds; the new name shows on the next page, not after the cache expires.
  ctx.afterCommit(() => forgetOrganisation(before.slug, before.customDomain));
  return { name: input.name };
}
