import { and, asc, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { assets } from '@/db/schema';
import type { RequestContext } from '@/lib/core/context';
import { decodeCursor, timestampCursor } from '@/lib/api/pagination';
import { assetColumns } from './asset-columns';
import { buildAssetFilter } from './build-asset-filter';
import type { Asset, AssetFilter } from './schemas';
import { toAssetDto } from './to-asset-dto';

/**
 * The page just before a keyset position in list order (newest first): the way back from a page reached through
 * nextCursor, without keeping the trail of earlier cursors. `before` is a cursor of the first row of the later page.
 */
export async function listAssetsBefore(tx: Tx, ctx: RequestContext, filter: AssetFilter, before: string, limit: number): Promise<{ data: Asset[]; hasEarlier: boolean }> {
  const [createdAt, id] = decodeCursor(before, timestampCursor);
  const rows = await tx
    .select(assetColumns)
    .from(assets)
    .where(and(buildAssetFilter(ctx.organisationId, filter), sql`(${assets.createdAt}, ${assets.id}) > (${createdAt}::timestamptz, ${id}::uuid)`))
    .orderBy(asc(assets.createdAt), asc(assets.id))
    .limit(limit + 1);
  return { data: rows.slice(0, limit).reverse().map(toAssetDto), hasEarlier: rows.length > limit };
}
