import { and, desc, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { assets } from '@/db/schema';
import type { RequestContext } from '@/lib/core/context';
import { buildPage, decodeCursor, type Page, timestampCursor } from '@/lib/api/pagination';
import { assetColumns } from './asset-columns';
import { buildAssetFilter } from './build-asset-filter';
import { countAssets } from './count-assets';
import type { Asset, ListAssetsQuery } from './schemas';
import { toAssetDto } from './to-asset-dto';

export async function listAssets(tx: Tx, ctx: RequestContext, query: ListAssetsQuery): Promise<Page<Asset>> {
  const where = buildAssetFilter(ctx.organisationId, query);
  const pageWhere = query.cursor
    ? (() => {
        const [createdAt, id] = decodeCursor(query.cursor, timestampCursor);
        return and(where, sql`(${assets.createdAt}, ${assets.id}) < (${createdAt}::timestamptz, ${id}::uuid)`);
      })()
    : where;
  const [rows, total] = await Promise.all([
    tx.select(assetColumns).from(assets).where(pageWhere).orderBy(desc(assets.createdAt), desc(assets.id)).limit(query.limit + 1),
    countAssets(tx, ctx.organisationId, query),
  ]);
  return buildPage(rows, query.limit, total, toAssetDto, (row) => [row.createdAt.toISOString(), row.id]);
}
