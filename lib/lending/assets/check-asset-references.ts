import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { categories, type CustomFieldDefinition, locations, users } from '@/db/schema';
import { ValidationError } from '@/lib/platform/core/errors';

type References = { categoryId?: string; locationId?: string; ownerId?: string | null };

/** A reference to a missing record, or to another tenant's, is the caller's input error. */
export async function checkAssetReferences(tx: Executor, organisationId: string, refs: References): Promise<{ customFieldDefinition?: CustomFieldDefinition[] }> {
  const issues: { path: string; code: string; message: string }[] = [];
  let customFieldDefinition: CustomFieldDefinition[] | undefined;
  if (refs.categoryId) {
    const [category] = await tx
      .select({ customFields: categories.customFields })
      .from(categories)
      .where(and(eq(categories.organisationId, organisationId), eq(categories.id, refs.categoryId)));
    if (category) customFieldDefinition = category.customFields;
    else issues.push({ path: 'categoryId', code: 'not_found', message: 'This category does not exist (any more). Choose another.' });
  }
  if (refs.locationId) {
    const [location] = await tx
      .select({ id: locations.id })
      .from(locations)
      .where(and(eq(locations.organisationId, organisationId), eq(locations.id, refs.locationId)));
    if (!location) issues.push({ path: 'locationId', code: 'not_found', message: 'This location does not exist (any more). Choose another.' });
  }
  if (refs.ownerId) {
    const [owner] = await tx.select({ id: users.id }).from(users).where(and(eq(users.organisationId, organisationId), eq(users.id, refs.ownerId)));
    if (!owner) issues.push({ path: 'ownerId', code: 'not_found', message: 'This person is not a user of your organisation. Choose another owner.' });
  }
  if (issues.length > 0) throw new ValidationError('Some of the chosen records no longer exist.', { location: 'body', issues });
  return { customFieldDefinition };
}
