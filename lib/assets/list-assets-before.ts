import { and } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { assets } from '@/db/schema';
import type { RequestContext } from '@/lib/core/context';
import { assetColumns } from './asset-columns';
import { assetOrderBy, assetSortKeySelection, assetsAfterCursor, encodeAssetCursor } from './asset-sort';
import { buildAssetFilter } from './build-asset-filter';
import type { Asset, AssetFilter, AssetSort } from './schemas';
import { toAssetDto } from './to-asset-dto';

export type AssetWithCursor = Asset & { cursor: string };

/**
 * The page just before a keyset position in the list's order: the way back from a page reached through
 * nextCursor, without keeping the trail of earlier cursors. `before` is the cursor of the first row of the later page.
 */
export async function listAssetsBefore(tx: Tx, ctx: RequestContext, filter: AssetFilter, sort: AssetSort, before: string, limit: number): Promise<{ data: AssetWithCursor[]; hasEarlier: boolean }> {
  const rows = await tx
    .select({ ...assetColumns, sortKey: assetSortKeySelection(sort) })
    .from(assets)
    .where(and(buildAssetFilter(ctx.organisationId, filter), assetsAfterCursor(sort, before, true)))
    .orderBy(...assetOrderBy(sort, true))
    .limit(limit + 1);
  const data = rows.slice(0, limit).reverse().map((row) => ({ ...toAssetDto(row), cursor: encodeAssetCursor(sort, row.sortKey, row.id) }));
  return { data, hasEarlier: rows.length > limit };
}
