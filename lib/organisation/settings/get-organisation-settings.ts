import { eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { organisations } from '@/db/schema';
import { NotFoundError } from '@/lib/platform/core/errors';
import type { OrganisationSettings } from './schemas';

export async function getOrganisationSettings(tx: Tx, organisationId: string): Promise<OrganisationSettings> {
  const [row] = await tx
    .select({
      id: organisations.id,
      slug: organisations.slug,
      name: organisations.name,
      legalContactEmail: organisations.legalContactEmail,
      registryId: organisations.registryId,
      registryOfficial: organisations.registryOfficial,
      registrySyncedAt: organisations.registrySyncedAt,
    })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  if (!row) throw new NotFoundError('TENANT_NOT_FOUND', 'The organisation does not exist.', { organisationId });
  return { ...row, registrySyncedAt: row.registrySyncedAt?.toISOString() ?? null };
}
