import { and, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { assets, categories, locations, persons, users } from '@/db/schema';
import { buildAssetFilter } from './build-asset-filter';
import type { AssetFilter } from './schemas';

export type ExportKey = readonly [createdAt: string, id: string];

export type ExportRow = {
  id: string;
  createdAt: string;
  inventoryNumber: string;
  name: string;
  category: string;
  location: string;
  status: string;
  owner: string | null;
  serialNumber: string | null;
  manufacturer: string | null;
  model: string | null;
  purchaseDate: string | null;
  value: string | null;
  currency: string;
  supplier: string | null;
  warrantyMonths: number | null;
  customFields: Record<string, unknown>;
};

/**
 * One keyset batch of the filtered set in list order (newest first), with names instead of ids. The batch's ids
 * are chosen first, on assets alone, so the planner walks a filter's (…, created_at, id) index and stops after
 * one batch; joined in one query, it preferred reading a whole category and sorting it (bench/RESULTS.md).
 */
export async function listExportBatch(tx: Tx, organisationId: string, filter: AssetFilter, after: ExportKey | null, size: number): Promise<ExportRow[]> {
  const where = buildAssetFilter(organisationId, filter);
  const batch = tx
    .select({ id: assets.id, createdAt: assets.createdAt })
    .from(assets)
    .where(after ? and(where, sql`(${assets.createdAt}, ${assets.id}) < (${after[0]}::timestamptz, ${after[1]}::uuid)`) : where)
    .orderBy(desc(assets.createdAt), desc(assets.id))
    .limit(size)
    .as('batch');
  const rows = await tx
    .select({
      id: assets.id,
      createdAt: sql<string>`to_char(${assets.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      inventoryNumber: assets.inventoryNumber,
      name: assets.name,
      category: categories.name,
      location: locations.name,
      status: assets.status,
      owner: sql<string | null>`${persons.firstName} || ' ' || ${persons.lastName}`,
      serialNumber: assets.serialNumber,
      manufacturer: assets.manufacturer,
      model: assets.model,
      purchaseDate: assets.purchaseDate,
      value: assets.value,
      currency: assets.currency,
      supplier: assets.supplier,
      warrantyMonths: assets.warrantyMonths,
      customFields: assets.customFields,
    })
    .from(batch)
    .innerJoin(assets, and(eq(assets.organisationId, organisationId), eq(assets.id, batch.id)))
    .innerJoin(categories, and(eq(categories.organisationId, assets.organisationId), eq(categories.id, assets.categoryId)))
    .innerJoin(locations, and(eq(locations.organisationId, assets.organisationId), eq(locations.id, assets.locationId)))
    .leftJoin(users, and(eq(users.organisationId, assets.organisationId), eq(users.id, assets.ownerId)))
    .leftJoin(persons, and(eq(persons.organisationId, users.organisationId), eq(persons.id, users.personId)))
    .orderBy(desc(batch.createdAt), desc(batch.id));
  return rows;
}
