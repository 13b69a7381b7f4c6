import { eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { assetCounts } from '@/db/schema';

export type CatalogueUsage = { byCategory: Map<string, number>; byLocation: Map<string, number> };

/** How many assets each category and each location holds, from the counters asset_counts keeps (migration 0012). */
export async function countAssetsByCatalogue(tx: Executor, organisationId: string): Promise<CatalogueUsage> {
  const rows = await tx
    .select({ categoryId: assetCounts.categoryId, locationId: assetCounts.locationId, count: sql<number>`sum(${assetCounts.count})::int` })
    .from(assetCounts)
    .where(eq(assetCounts.organisationId, organisationId))
    .groupBy(assetCounts.categoryId, assetCounts.locationId);
  const usage: CatalogueUsage = { byCategory: new Map(), byLocation: new Map() };
  for (const row of rows) {
    usage.byCategory.set(row.categoryId, (usage.byCategory.get(row.categoryId) ?? 0) + row.count);
    usage.byLocation.set(row.locationId, (usage.byLocation.get(row.locationId) ?? 0) + row.count);
  }
  return usage;
}
