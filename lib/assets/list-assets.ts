import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { assets } from '@/db/schema';
import type { RequestContext } from '@/lib/api/context';
import { buildPage, decodeCursor, type Page, timestampCursor } from '@/lib/api/pagination';
import { assetColumns } from './asset-columns';
import type { Asset, ListAssetsQuery } from './schemas';
import { toAssetDto } from './to-asset-dto';

function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Every word must occur in the haystack. The ids come from app_search_asset_ids (migration 0005), which can use
 * the trigram index where a LIKE under row-level security cannot, and which folds case with the same lower()
 * that built search_text (JavaScript folds some letters differently: İ becomes i + U+0307).
 */
function searchCondition(q: string): SQL {
  const patterns = q.split(/\s+/).filter(Boolean).map((word) => sql`${`%${escapeLike(word)}%`}`);
  return sql`${assets.id} in (select app_search_asset_ids(array[${sql.join(patterns, sql`, `)}]::text[]))`;
}

export async function listAssets(tx: Tx, ctx: RequestContext, query: ListAssetsQuery): Promise<Page<Asset>> {
  const filters: SQL[] = [eq(assets.organisationId, ctx.organisationId)];
  if (query.status) filters.push(eq(assets.status, query.status));
  if (query.categoryId) filters.push(eq(assets.categoryId, query.categoryId));
  if (query.locationId) filters.push(eq(assets.locationId, query.locationId));
  if (query.ownerId) filters.push(eq(assets.ownerId, query.ownerId));
  if (query.q) filters.push(searchCondition(query.q));
  const where = and(...filters);
  const pageWhere = query.cursor
    ? (() => {
        const [createdAt, id] = decodeCursor(query.cursor, timestampCursor);
        return and(where, sql`(${assets.createdAt}, ${assets.id}) < (${createdAt}::timestamptz, ${id}::uuid)`);
      })()
    : where;
  const [rows, [totals]] = await Promise.all([
    tx.select(assetColumns).from(assets).where(pageWhere).orderBy(desc(assets.createdAt), desc(assets.id)).limit(query.limit + 1),
    tx.select({ total: count() }).from(assets).where(where),
  ]);
  return buildPage(rows, query.limit, totals?.total ?? 0, toAssetDto, (row) => [row.createdAt.toISOString(), row.id]);
}
