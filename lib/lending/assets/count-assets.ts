import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { assetCounts, assets } from '@/db/schema';
import { buildAssetFilter } from './build-asset-filter';
import type { AssetFilter } from './schemas';

/**
 * How many assets match a filter. Status, category and location are what asset_counts keeps (migration 0012), so
 * those filters add up a few counter rows whatever the tenant's size; a search or an owner filter is counted.
 */
export async function countAssets(tx: Executor, organisationId: string, filter: AssetFilter): Promise<number> {
  if (!filter.q && !filter.ownerId) {
    const conditions: SQL[] = [eq(assetCounts.organisationId, organisationId)];
    if (filter.status) conditions.push(eq(assetCounts.status, filter.status));
    if (filter.categoryId) conditions.push(eq(assetCounts.categoryId, filter.categoryId));
    if (filter.locationId) conditions.push(eq(assetCounts.locationId, filter.locationId));
    const [row] = await tx
      .select({ total: sql<number>`coalesce(sum(${assetCounts.count}), 0)::int` })
      .from(assetCounts)
      .where(and(...conditions));
    return row?.total ?? 0;
  }
  const [row] = await tx.select({ total: count() }).from(assets).where(buildAssetFilter(organisationId, filter));
  return row?.total ?? 0;
}
