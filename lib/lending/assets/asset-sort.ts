import { asc, desc, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { assets } from '@/db/schema';
import { decodeCursor, encodeCursor } from '@/lib/platform/pagination';
import { calendarInstant } from '@/lib/platform/validation/calendar-date';
import { type AssetSort, type AssetSortField, AssetStatus } from './schemas';

// One key of an order: the expression sorted on, the same as text for the cursor, and how the cursor's text is
// checked and cast back. The cursor holds what PostgreSQL computed (lower() folds some letters unlike JavaScript).
type SortKey = { order: SQL; text: SQL; cast: SQL; value: z.ZodType<string> };

const instant = (column: typeof assets.createdAt | typeof assets.updatedAt): SortKey => ({
  order: sql`${column}`,
  text: sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  cast: sql`timestamptz`,
  value: calendarInstant('the cursor'),
});

// Each order ends with the id, so rows with equal keys (two assets of the same name) still have one place each
// and no page repeats or skips one. Indexes: migrations 0013 and 0017.
const sortKeys: Record<AssetSortField, SortKey[]> = {
  name: [{ order: sql`lower(${assets.name})`, text: sql`lower(${assets.name})`, cast: sql`text`, value: z.string().max(1000) }],
  inventoryNumber: [{ order: sql`${assets.inventoryNumber}`, text: sql`${assets.inventoryNumber}`, cast: sql`text`, value: z.string().max(64) }],
  status: [{ order: sql`${assets.status}`, text: sql`${assets.status}::text`, cast: sql`asset_status`, value: AssetStatus }, instant(assets.createdAt)],
  createdAt: [instant(assets.createdAt)],
  updatedAt: [instant(assets.updatedAt)],
};

function parse(sort: AssetSort, rank?: SQL<number>): { tag: string; keys: SortKey[]; descending: boolean } {
  const descending = sort.startsWith('-');
  const keys = sortKeys[(descending ? sort.slice(1) : sort) as AssetSortField];
  if (!rank) return { tag: sort, keys, descending };
  // A search's relevance comes first, best first whatever the sort's direction: a descending sort orders on the
  // rank itself, an ascending one on its negative, so one row comparison still reads the whole key.
  const order = descending ? sql`(${rank})` : sql`(-(${rank}))`;
  const rankKey: SortKey = { order, text: sql`${order}::text`, cast: sql`int`, value: z.string().regex(/^-?[0-9]$/) };
  return { tag: `${RANKED}${sort}`, keys: [rankKey, ...keys], descending };
}

const RANKED = 'rank:';

/** Whether a cursor continues a ranked search (its tag is the sort behind "rank:"), rather than a sort's order. */
export function isRankedAssetCursor(cursor: string): boolean {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    return Array.isArray(decoded) && typeof decoded[0] === 'string' && decoded[0].startsWith(RANKED);
  } catch {
    return false;
  }
}

/** The sort keys of a row, as text, selected beside its columns so that its cursor can be built; `rank` first. */
export function assetSortKeySelection(sort: AssetSort, rank?: SQL<number>): SQL<string[]> {
  return sql<string[]>`array[${sql.join(parse(sort, rank).keys.map((key) => key.text), sql`, `)}]::text[]`;
}

/** ORDER BY for a sort; `reverse` reads the same order backwards (the page before a position). */
export function assetOrderBy(sort: AssetSort, reverse = false, rank?: SQL<number>): SQL[] {
  const { keys, descending } = parse(sort, rank);
  const direction = descending !== reverse ? desc : asc;
  return [...keys.map((key) => direction(key.order)), direction(assets.id)];
}

/** The cursor after (or, with `reverse`, before) a row: the sort's name (tagged when ranked), its keys and its id. */
export function encodeAssetCursor(sort: AssetSort, sortKey: readonly string[], id: string, ranked = false): string {
  return encodeCursor([ranked ? `${RANKED}${sort}` : sort, ...sortKey, id]);
}

/** Rows after a cursor in the sort's order; a cursor made for another sort (or ranking) is refused as invalid. */
export function assetsAfterCursor(sort: AssetSort, cursor: string, reverse = false, rank?: SQL<number>): SQL {
  const { tag, keys, descending } = parse(sort, rank);
  const shape = z.tuple([z.literal(tag), ...keys.map((key) => key.value), z.uuid()] as unknown as [z.ZodType, ...z.ZodType[]]);
  const [, ...rest] = decodeCursor(cursor, shape) as string[];
  const id = rest.pop()!;
  const columns = sql.join([...keys.map((key) => key.order), sql`${assets.id}`], sql`, `);
  const values = sql.join([...rest.map((value, index) => sql`${value}::${keys[index]!.cast}`), sql`${id}::uuid`], sql`, `);
  return descending !== reverse ? sql`(${columns}) < (${values})` : sql`(${columns}) > (${values})`;
}
