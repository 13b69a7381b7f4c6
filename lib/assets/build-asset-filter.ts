import { and, eq, type SQL, sql } from 'drizzle-orm';
import { assets } from '@/db/schema';
import { escapeLike } from '@/lib/db/escape-like';
import type { AssetFilter } from './schemas';

/**
 * Every word must occur in the haystack. The ids come from app_search_asset_ids (migration 0005), which can use
 * the trigram index where a LIKE under row-level security cannot, and which folds case with the same lower()
 * that built search_text (JavaScript folds some letters differently: İ becomes i + U+0307).
 * `= any(array(…))` makes the matches an index condition on (organisation_id, id): the assets are fetched by
 * id whatever the plan. With `in (select …)`, a generic plan sized for an average tenant scanned all of a big
 * tenant's assets to probe a handful of matches (bench/RESULTS.md).
 */
function searchCondition(q: string): SQL {
  const patterns = q.split(/\s+/).filter(Boolean).map((word) => sql`${`%${escapeLike(word)}%`}`);
  return sql`${assets.id} = any(array(select app_search_asset_ids(array[${sql.join(patterns, sql`, `)}]::text[])))`;
}

/** The one reading of the asset filters, shared by the list, the exports and the portal's paging. */
export function buildAssetFilter(organisationId: string, filter: AssetFilter): SQL {
  const filters: SQL[] = [eq(assets.organisationId, organisationId)];
  if (filter.status) filters.push(eq(assets.status, filter.status));
  if (filter.categoryId) filters.push(eq(assets.categoryId, filter.categoryId));
  if (filter.locationId) filters.push(eq(assets.locationId, filter.locationId));
  if (filter.ownerId) filters.push(eq(assets.ownerId, filter.ownerId));
  if (filter.q) filters.push(searchCondition(filter.q));
  return and(...filters)!;
}
