import { and } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { assets } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { buildPage, type Page } from '@/lib/platform/pagination';
import { assetColumns } from './asset-columns';
import { assetOrderBy, assetSortKeySelection, assetsAfterCursor, encodeAssetCursor } from './asset-sort';
import { buildAssetFilter } from './build-asset-filter';
import { countAssets } from './count-assets';
import { searchAssetsPage } from './search-assets';
import { type Asset, DEFAULT_ASSET_SORT, type ListAssetsQuery } from './schemas';
import { toAssetDto } from './to-asset-dto';

type Query = Omit<ListAssetsQuery, 'sort'> & { sort?: ListAssetsQuery['sort'] };

/** A page of assets, and the cursor of its first row: the portal's way back to the page before. */
export async function listAssetsPage(tx: Tx, ctx: RequestContext, query: Query): Promise<Page<Asset> & { firstCursor: string | null }> {
  const sort = query.sort ?? DEFAULT_ASSET_SORT;
  if (query.q) {
    const { page, firstCursor } = await searchAssetsPage(tx, ctx.organisationId, { ...query, q: query.q, sort });
    return { ...page, firstCursor };
  }
  const where = buildAssetFilter(ctx.organisationId, query);
  const pageWhere = query.cursor ? and(where, assetsAfterCursor(sort, query.cursor)) : where;
  const [rows, total] = await Promise.all([
    tx
      .select({ ...assetColumns, sortKey: assetSortKeySelection(sort) })
      .from(assets)
      .where(pageWhere)
      .orderBy(...assetOrderBy(sort))
      .limit(query.limit + 1),
    countAssets(tx, ctx.organisationId, query),
  ]);
  const page = buildPage(rows, query.limit, total, toAssetDto, (row) => [sort, ...row.sortKey, row.id]);
  const first = rows[0];
  return { ...page, firstCursor: first ? encodeAssetCursor(sort, first.sortKey, first.id) : null };
}

export async function listAssets(tx: Tx, ctx: RequestContext, query: Query): Promise<Page<Asset>> {
  const { data, pagination } = await listAssetsPage(tx, ctx, query);
  return { data, pagination };
}
