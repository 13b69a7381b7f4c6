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
 * The matches come from app_search_asset_match_tids (migrations 0044, 0045), which can use the indexes where @@ and
 * LIKE under row-level security cannot, and which folds case with the same lower() that built search_text
 * (JavaScript folds some letters differently: İ becomes i + U+0307).
 * They come as row addresses, valid within the statement (the function shares its snapshot): `ctid = any(array(…))`
 * is a TID scan, one heap read per match whatever the plan, where ids cost an index probe each. With
 * `id in (select …)`, a generic plan sized for an average tenant once scanned all of a big tenant's assets to probe
 * a handful of matches (bench/RESULTS.md). Only for statements that read `assets` unaliased.
 */
export function searchMatchCondition(q: string): SQL {
  return sql`${assets}.ctid = any(array(select app_search_asset_match_tids(${searchWordsArray(q)})))`;
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
