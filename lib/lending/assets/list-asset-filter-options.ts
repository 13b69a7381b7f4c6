import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { categories, locations, persons, users } from '@/db/schema';

export type NamedOption = { id: string; name: string };
export type AssetFilterOptions = { categories: NamedOption[]; locations: NamedOption[]; owners: NamedOption[] };

/** Everything the asset list's filters offer, and the names its rows show in place of ids. */
export async function listAssetFilterOptions(tx: Tx, organisationId: string): Promise<AssetFilterOptions> {
  const [categoryRows, locationRows, ownerRows] = await Promise.all([
    tx.select({ id: categories.id, name: categories.name }).from(categories).where(eq(categories.organisationId, organisationId)).orderBy(asc(categories.name)),
    tx.select({ id: locations.id, name: locations.name }).from(locations).where(eq(locations.organisationId, organisationId)).orderBy(asc(locations.name)),
    tx
      .select({ id: users.id, name: sql<string>`${persons.firstName} || ' ' || ${persons.lastName}` })
      .from(users)
      .innerJoin(persons, and(eq(persons.organisationId, users.organisationId), eq(persons.id, users.personId)))
      .where(eq(users.organisationId, organisationId))
      .orderBy(asc(persons.firstName), asc(persons.lastName)),
  ]);
  return { categories: categoryRows, locations: locationRows, owners: ownerRows };
}
