import { and, eq, type SQL, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '@/db/client';
import { assets } from '@/db/schema';
import { buildPage, type Page } from '@/lib/platform/pagination';
import { escapeLike } from '@/lib/platform/db/escape-like';
import { assetColumns } from './asset-columns';
import { assetOrderBy, assetSortKeySelection, assetsAfterCursor, encodeAssetCursor, isRankedAssetCursor } from './asset-sort';
import { buildAssetFilter, searchMatchCondition, searchWordsArray } from './build-asset-filter';
import type { Asset, AssetFilter, AssetSort } from './schemas';
import { toAssetDto } from './to-asset-dto';

/** Up to this many matches `pagination.total` is counted exactly; above, it is the planner's estimate. */
export const EXACT_TOTAL_LIMIT = 10_000;
/**
 * From this planner estimate on, the words are taken to match more than EXACT_TOTAL_LIMIT assets without trying to
 * rank or count them (either costs tens of milliseconds): ten times the limit leaves room for the estimate's error.
 */
const UNCOUNTED_FROM_ESTIMATE = 100_000;

export type AssetSearchPlan = {
  q: string;
  /** The planner's estimate of the assets the words match as word prefixes, without filters. */
  estimate: number;
  /** The words as prefixes and as whole words (tsquery text), null when no word has a token ("%"). */
  prefix: string | null;
  exact: string | null;
  /** The words a word-prefix match does not imply (the parser drops or changes part of them: "100%"). */
  likeWords: string[];
};

export type SearchPagination = Page<Asset>['pagination'];

/** One statement: the planner's estimate, the two queries for ranking, and the words that also need a LIKE. */
export async function planAssetSearch(tx: Tx, q: string): Promise<AssetSearchPlan> {
  const words = searchWordsArray(q);
  const [row] = rowsOf<Omit<AssetSearchPlan, 'q'>>(
    await tx.execute(
      sql`select app_estimate_asset_word_matches(${words}, null, null, null, null, 0) as estimate,
        asset_search_query(${words}, true)::text as prefix, asset_search_query(${words}, false)::text as exact,
        array(select w from unnest(${words}) as w where asset_search_needs_like(w)) as "likeWords"`,
    ),
  );
  if (!row) throw new Error('The search plan returned no row.');
  return { q, ...row };
}

/**
 * Relevance, 0 to 2: 2 when every word is a whole word of the asset, 1 when every word begins a word, 0 when a word
 * occurs only inside another ("book" in "MacBook").
 */
function searchRank(plan: AssetSearchPlan): SQL<number> {
  if (!plan.prefix || !plan.exact) return sql<number>`0::int`;
  return sql<number>`((${assets.searchVector} @@ ${plan.exact}::tsquery)::int + (${assets.searchVector} @@ ${plan.prefix}::tsquery)::int)`;
}

/** Above EXACT_TOTAL_LIMIT word matches: the words as a filter on the rows an index walks in the sort's order. */
function walkCondition(plan: AssetSearchPlan): SQL {
  const likes = plan.likeWords.map((word) => sql`${assets.searchText} like lower(${`%${escapeLike(word)}%`})`);
  return and(sql`${assets.searchVector} @@ ${plan.prefix}::tsquery`, ...likes)!;
}

const hasFilters = (filter: AssetFilter) => Boolean(filter.status || filter.categoryId || filter.locationId || filter.ownerId);

/** The condition and rank of a search with its filters, ranked or walked; shared with the page before. */
export function searchSelection(organisationId: string, filter: AssetFilter & { q: string }, plan: AssetSearchPlan, ranked: boolean): { where: SQL; rank?: SQL<number> } {
  const others = buildAssetFilter(organisationId, { ...filter, q: undefined });
  return ranked ? { where: and(others, searchMatchCondition(filter.q))!, rank: searchRank(plan) } : { where: and(others, walkCondition(plan))! };
}

async function countUpTo(tx: Tx, where: SQL, limit: number): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from (select 1 from ${assets} where ${where} limit ${limit}) s`));
  return row?.n ?? 0;
}

type Query = AssetFilter & { q: string; sort: AssetSort; limit: number; cursor?: string };
type Total = { total: number; estimate: boolean };

/**
 * The ranked page: the matches once (app_search_asset_match_tids, capped at EXACT_TOTAL_LIMIT + 1 on a first
 * page), as the CTE `m`, so the same statement also answers how many there are. Null when the cap was reached.
 */
async function rankedPage(tx: Tx, organisationId: string, query: Query, plan: AssetSearchPlan) {
  const rank = searchRank(plan);
  const others = buildAssetFilter(organisationId, { ...query, q: undefined });
  const cap = query.cursor ? null : EXACT_TOTAL_LIMIT + 1;
  // The matches once, as row addresses (valid within this statement, whose snapshot the function shares): the CTE is
  // read twice, so PostgreSQL materialises it, and `ctid = any(<init plan>)` is a TID scan, a direct heap read per
  // match where ids would cost an index probe each.
  const m = tx.$with('m', { tids: sql<string>`tids`.as('tids') }).as(sql`select array(select app_search_asset_match_tids(${searchWordsArray(query.q)}, ${cap}::int)) as tids`);
  const where = and(others, sql`${assets}.ctid = any((select tids from ${m})::tid[])`)!;
  // A first page whose matches reached the cap is read in the sort's order instead (walkedPage): its statement skips
  // ranking them (a one-time filter on the count), which cost as much as the rest for a word in 10,000 to 100,000.
  const underCap = cap === null ? undefined : sql`(select cardinality(tids) from ${m}) < ${cap}`;
  // The page's rows are chosen on their sort keys alone, then read whole: building every column of every match
  // (6,259 for "canon eos r5") only to keep 26 cost a third of the statement.
  const page = tx
    .select({ tid: sql`${assets}.ctid` })
    .from(assets)
    .where(and(where, underCap, query.cursor ? assetsAfterCursor(query.sort, query.cursor, false, rank) : undefined))
    .orderBy(...assetOrderBy(query.sort, false, rank))
    .limit(query.limit + 1);
  // From m, so an empty page still answers how many matched (one row without an asset).
  const joined = await tx
    .with(m)
    .select({ ...assetColumns, sortKey: assetSortKeySelection(query.sort, rank), matched: sql<number>`cardinality(${m}.tids)` })
    .from(m)
    .leftJoin(assets, and(eq(assets.organisationId, organisationId), sql`${assets}.ctid = any(array(${page}))`))
    .orderBy(...assetOrderBy(query.sort, false, rank))
    .limit(query.limit + 1);
  const matched = joined[0]?.matched ?? 0;
  if (cap !== null && matched >= cap) return null;
  const rows = joined.filter((row) => row.id !== null) as (Omit<(typeof joined)[number], keyof typeof assetColumns> & { [K in keyof typeof assetColumns]: NonNullable<(typeof joined)[number][K]> })[];
  // Without filters every match is on the page or counted by m; with filters, count the filtered set.
  const total: Total = !hasFilters(query) ? { total: matched, estimate: false } : { total: await countUpTo(tx, and(others, searchMatchCondition(query.q))!, Number.MAX_SAFE_INTEGER), estimate: false };
  return { rows, total, rank };
}

/**
 * The page in the sort's order, the words a filter on an index walk. Without filters the matches are known to be
 * more than EXACT_TOTAL_LIMIT (the estimate was far above, the ranked attempt reached its cap, or the cursor comes
 * from such a page), so the total is the estimate; with filters they are counted up to 10,001 first.
 */
async function walkedPage(tx: Tx, organisationId: string, query: Query, plan: AssetSearchPlan) {
  const { where } = searchSelection(organisationId, query, plan, false);
  const rows = await tx
    .select({ ...assetColumns, sortKey: assetSortKeySelection(query.sort) })
    .from(assets)
    .where(query.cursor ? and(where, assetsAfterCursor(query.sort, query.cursor)) : where)
    .orderBy(...assetOrderBy(query.sort))
    .limit(query.limit + 1);
  const filtered = hasFilters(query);
  const seen = filtered ? await countUpTo(tx, where, EXACT_TOTAL_LIMIT + 1) : EXACT_TOTAL_LIMIT + 1;
  let total: Total = { total: seen, estimate: false };
  if (seen > EXACT_TOTAL_LIMIT) {
    const [row] = rowsOf<{ n: number }>(
      await tx.execute(
        sql`select app_estimate_asset_word_matches(${searchWordsArray(plan.q)}, ${query.status ?? null}, ${query.categoryId ?? null}, ${query.locationId ?? null}, ${query.ownerId ?? null}, ${seen}) as n`,
      ),
    );
    total = { total: filtered ? (row?.n ?? seen) : Math.max(plan.estimate, seen), estimate: true };
  }
  return { rows, total };
}

/**
 * A page of a search. Up to EXACT_TOTAL_LIMIT matches it is ranked: relevance first, then the sort, then the id, and
 * the cursor carries the rank. Above, the matches are read in the sort's order (an index walk that stops at the
 * page: ranking them would cost time in proportion to the matches) and the total is an estimate. A first page
 * tries ranking unless the planner expects at least UNCOUNTED_FROM_ESTIMATE matches; a cursor keeps its way.
 */
export async function searchAssetsPage(tx: Tx, organisationId: string, query: Query): Promise<{ page: Page<Asset> & { pagination: SearchPagination }; firstCursor: string | null }> {
  const plan = await planAssetSearch(tx, query.q);
  const tryRanked = query.cursor ? isRankedAssetCursor(query.cursor) : !plan.prefix || plan.estimate < UNCOUNTED_FROM_ESTIMATE;
  const ranked = tryRanked ? await rankedPage(tx, organisationId, query, plan) : null;
  const { rows, total } = ranked ?? (await walkedPage(tx, organisationId, query, plan));
  const isRanked = ranked !== null;
  const tag = isRanked ? `rank:${query.sort}` : query.sort;
  const page = buildPage(rows, query.limit, total.total, toAssetDto, (row) => [tag, ...row.sortKey, row.id]);
  const first = rows[0];
  return {
    page: { ...page, pagination: total.estimate ? { ...page.pagination, totalIsEstimate: true } : page.pagination },
    firstCursor: first ? encodeAssetCursor(query.sort, first.sortKey, first.id, isRanked) : null,
  };
}
