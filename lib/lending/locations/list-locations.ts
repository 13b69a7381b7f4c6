import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { locations } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { buildPage, decodeCursor, type Page, timestampCursor } from '@/lib/platform/pagination';
import { locationColumns, toLocationDto } from './location-store';
import type { Location, ListLocationsQuery } from './schemas';

export async function listLocations(tx: Tx, ctx: RequestContext, query: ListLocationsQuery): Promise<Page<Location>> {
  const filters: SQL[] = [eq(locations.organisationId, ctx.organisationId)];
  if (query.q) filters.push(sql`${locations.name} ilike ${`%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  const where = and(...filters);
  const cursor = query.cursor ? decodeCursor(query.cursor, timestampCursor) : null;
  const pageWhere = cursor ? and(where, sql`(${locations.createdAt}, ${locations.id}) > (${cursor[0]}::timestamptz, ${cursor[1]}::uuid)`) : where;
  const [rows, [totals]] = await Promise.all([
    tx.select(locationColumns).from(locations).where(pageWhere).orderBy(asc(locations.createdAt), asc(locations.id)).limit(query.limit + 1),
    tx.select({ total: count() }).from(locations).where(where),
  ]);
  return buildPage(rows, query.limit, totals?.total ?? 0, toLocationDto, (row) => [row.createdAt.toISOString(), row.id]);
}
