import { and, eq, type SQL, sql } from 'drizzle-orm';
import { assets } from '@/db/schema';
import type { AssetFilter } from './schemas';

/** The words of `q`, as the search functions (migration 0044) take them. */
export function searchWordsArray(q: string): SQL {
  const words = q.split(/\s+/).filter(Boolean).map((word) => sql`${word}`);
  return sql`array[${sql.join(words, sql`, `)}]::text[]`;
}

/**
 * The assets `q` matches: every word as a word prefix through the full-text index, plus (when those are fewer
 * than 25) at most 1,000 where a word occurs only inside another word; every word must occur in search_text.
 * The ids come from app_search_asset_matches (migration 0044), which can use the indexes where @@ and LIKE under
 * row-level security cannot, and which folds case with the same lower() that built search_text (JavaScript folds
 * some letters differently: İ becomes i + U+0307).
 * `= any(array(…))` makes the matches an index condition on (organisation_id, id): the assets are fetched by
 * id whatever the plan. With `in (select …)`, a generic plan sized for an average tenant scanned all of a big
 * tenant's assets to probe a handful of matches (bench/RESULTS.md).
 */
export function searchMatchCondition(q: string): SQL {
  return sql`${assets.id} = any(array(select app_search_asset_matches(${searchWordsArray(q)})))`;
}

/** The one reading of the asset filters, shared by the list, the exports and the portal's paging. */
export function buildAssetFilter(organisationId: string, filter: AssetFilter): SQL {
  const filters: SQL[] = [eq(assets.organisationId, organisationId)];
  if (filter.status) filters.push(eq(assets.status, filter.status));
  if (filter.categoryId) filters.push(eq(assets.categoryId, filter.categoryId));
  if (filter.locationId) filters.push(eq(assets.locationId, filter.locationId));
  if (filter.ownerId) filters.push(eq(assets.ownerId, filter.ownerId));
  if (filter.q) filters.push(searchMatchCondition(filter.q));
  return and(...filters)!;
}
