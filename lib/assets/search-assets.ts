import { and, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { assets } from '@/db/schema';
import { buildPage, type Page } from '@/lib/api/pagination';
import { escapeLike } from '@/lib/db/escape-like';
import { assetColumns } from './asset-columns';
import { assetOrderBy, assetSortKeySelection, assetsAfterCursor, encodeAssetCursor, isRankedAssetCursor } from './asset-sort';
import { buildAssetFilter, searchMatchCondition, searchWordsArray } from './build-asset-filter';
import type { Asset, AssetFilter, AssetSort } from './schemas';
import { toAssetDto } from './to-asset-dto';

/** Up to this many matches `pagination.total` is counted exactly; above, it is the planner's estimate. */
export const EXACT_TOTAL_LIMIT = 10_000;
/** Below this many word-prefix matches the search also looks inside words (migration 0044 holds the same figure). */
const INSIDE_WORDS_BELOW = 100;

export type AssetSearchPlan = {
  q: string;
  /** Assets the words match as word prefixes, counted up to EXACT_TOTAL_LIMIT + 1. */
  wordMatches: number;
  /** The words as prefixes and as whole words (tsquery text), null when no word has a token ("%"). */
  prefix: string | null;
  exact: string | null;
};

export type SearchPagination = Page<Asset>['pagination'] & { totalIsEstimate?: true };

/** One statement: how many assets the words match as prefixes (bounded), and the two queries for ranking. */
export async function planAssetSearch(tx: Tx, q: string): Promise<AssetSearchPlan> {
  const words = searchWordsArray(q);
  const [row] = (await tx.execute(
    sql`select app_count_asset_word_matches(${words}, ${EXACT_TOTAL_LIMIT + 1}) as "wordMatches", asset_search_query(${words}, true)::text as prefix, asset_search_query(${words}, false)::text as exact`,
  )) as unknown as { wordMatches: number; prefix: string | null; exact: string | null }[];
  return { q, wordMatches: row?.wordMatches ?? 0, prefix: row?.prefix ?? null, exact: row?.exact ?? null };
}

/**
 * Relevance, 0 to 2: 2 when every word is a whole word of the asset, 1 when every word begins a word, 0 when a word
 * occurs only inside another ("book" in "MacBook").
 */
function searchRank(plan: AssetSearchPlan): SQL<number> {
  if (!plan.prefix || !plan.exact) return sql<number>`0`;
  return sql<number>`((${assets.searchVector} @@ ${plan.exact}::tsquery)::int + (${assets.searchVector} @@ ${plan.prefix}::tsquery)::int)`;
}

/** Above EXACT_TOTAL_LIMIT word matches: the words as a filter on the rows an index walks in the sort's order. */
function walkCondition(plan: AssetSearchPlan): SQL {
  const likes = plan.q
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => sql`${assets.searchText} like lower(${`%${escapeLike(word)}%`})`);
  return and(sql`${assets.searchVector} @@ ${plan.prefix}::tsquery`, ...likes)!;
}

const hasFilters = (filter: AssetFilter) => Boolean(filter.status || filter.categoryId || filter.locationId || filter.ownerId);

/** Whether a search pages by relevance: a cursor keeps the way its first page was read. */
export function isRankedSearch(plan: AssetSearchPlan, cursor?: string): boolean {
  return cursor ? isRankedAssetCursor(cursor) : plan.wordMatches <= EXACT_TOTAL_LIMIT || !plan.prefix;
}

/** The condition, rank and total of a search with its filters; shared by the page after and the page before. */
export function searchSelection(organisationId: string, filter: AssetFilter & { q: string }, plan: AssetSearchPlan, ranked: boolean): { where: SQL; rank?: SQL<number> } {
  const others = buildAssetFilter(organisationId, { ...filter, q: undefined });
  return ranked ? { where: and(others, searchMatchCondition(filter.q))!, rank: searchRank(plan) } : { where: and(others, walkCondition(plan))! };
}

async function countUpTo(tx: Tx, where: SQL, limit: number): Promise<number> {
  const [row] = (await tx.execute(sql`select count(*)::int as n from (select 1 from ${assets} where ${where} limit ${limit}) s`)) as unknown as { n: number }[];
  return row?.n ?? 0;
}

async function searchTotal(tx: Tx, filter: AssetFilter & { q: string }, plan: AssetSearchPlan, ranked: boolean, where: SQL): Promise<{ total: number; estimate: boolean }> {
  const filtered = hasFilters(filter);
  if (ranked) {
    // The matches are the word matches alone when those are too many to look inside words; otherwise count them.
    if (!filtered && plan.wordMatches >= INSIDE_WORDS_BELOW && plan.wordMatches <= EXACT_TOTAL_LIMIT) return { total: plan.wordMatches, estimate: false };
    return { total: await countUpTo(tx, where, Number.MAX_SAFE_INTEGER), estimate: false };
  }
  const seen = filtered ? await countUpTo(tx, where, EXACT_TOTAL_LIMIT + 1) : plan.wordMatches;
  if (seen <= EXACT_TOTAL_LIMIT) return { total: seen, estimate: false };
  const [row] = (await tx.execute(
    sql`select app_estimate_asset_word_matches(${searchWordsArray(plan.q)}, ${filter.status ?? null}, ${filter.categoryId ?? null}, ${filter.locationId ?? null}, ${filter.ownerId ?? null}, ${seen}) as n`,
  )) as unknown as { n: number }[];
  return { total: row?.n ?? seen, estimate: true };
}

/**
 * A page of a search. Up to EXACT_TOTAL_LIMIT word matches it is ranked: relevance first, then the sort, then the
 * id, and the cursor carries the rank. Above, the matches are the sort's order (an index walk that stops at the
 * page: ranking them would cost time in proportion to the matches) and the total is an estimate.
 */
export async function searchAssetsPage(
  tx: Tx,
  organisationId: string,
  query: AssetFilter & { q: string; sort: AssetSort; limit: number; cursor?: string },
): Promise<{ page: Page<Asset> & { pagination: SearchPagination }; firstCursor: string | null }> {
  const plan = await planAssetSearch(tx, query.q);
  const ranked = isRankedSearch(plan, query.cursor);
  const { where, rank } = searchSelection(organisationId, query, plan, ranked);
  const pageWhere = query.cursor ? and(where, assetsAfterCursor(query.sort, query.cursor, false, rank))! : where;
  const [rows, { total, estimate }] = await Promise.all([
    tx
      .select({ ...assetColumns, sortKey: assetSortKeySelection(query.sort, rank) })
      .from(assets)
      .where(pageWhere)
      .orderBy(...assetOrderBy(query.sort, false, rank))
      .limit(query.limit + 1),
    searchTotal(tx, query, plan, ranked, where),
  ]);
  const tag = ranked ? `rank:${query.sort}` : query.sort;
  const page = buildPage(rows, query.limit, total, toAssetDto, (row) => [tag, ...row.sortKey, row.id]);
  const first = rows[0];
  return {
    page: { ...page, pagination: estimate ? { ...page.pagination, totalIsEstimate: true } : page.pagination },
    firstCursor: first ? encodeAssetCursor(query.sort, first.sortKey, first.id, ranked) : null,
  };
}
