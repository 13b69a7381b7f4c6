import { and, type SQL } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { assets } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { assetColumns } from './asset-columns';
import { assetOrderBy, assetSortKeySelection, assetsAfterCursor, encodeAssetCursor, isRankedAssetCursor } from './asset-sort';
import { buildAssetFilter } from './build-asset-filter';
import { planAssetSearch, searchSelection } from './search-assets';
import type { Asset, AssetFilter, AssetSort } from './schemas';
import { toAssetDto } from './to-asset-dto';

export type AssetWithCursor = Asset & { cursor: string };

/**
 * The page just before a keyset position in the list's order: the way back from a page reached through
 * nextCursor, without keeping the trail of earlier cursors. `before` is the cursor of the first row of the later page.
 */
export async function listAssetsBefore(tx: Tx, ctx: RequestContext, filter: AssetFilter, sort: AssetSort, before: string, limit: number): Promise<{ data: AssetWithCursor[]; hasEarlier: boolean }> {
  // A search reads backwards the way its cursor was made: ranked, or in the sort's order (search-assets.ts).
  let where = buildAssetFilter(ctx.organisationId, filter);
  let rank: SQL<number> | undefined;
  const ranked = isRankedAssetCursor(before);
  if (filter.q) ({ where, rank } = searchSelection(ctx.organisationId, { ...filter, q: filter.q }, await planAssetSearch(tx, filter.q), ranked));
  const rows = await tx
    .select({ ...assetColumns, sortKey: assetSortKeySelection(sort, rank) })
    .from(assets)
    .where(and(where, assetsAfterCursor(sort, before, true, rank)))
    .orderBy(...assetOrderBy(sort, true, rank))
    .limit(limit + 1);
  const data = rows.slice(0, limit).reverse().map((row) => ({ ...toAssetDto(row), cursor: encodeAssetCursor(sort, row.sortKey, row.id, Boolean(filter.q) && ranked) }));
  return { data, hasEarlier: rows.length > limit };
}
