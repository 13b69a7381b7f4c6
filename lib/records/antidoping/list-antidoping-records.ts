import { and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { antidopingRecords } from '@/db/schema';
import { buildPage, decodeCursor, type Page, timestampCursor } from '@/lib/platform/pagination';
import { assertDuty } from '@/lib/platform/auth/duties';
import type { RequestContext } from '@/lib/platform/core/context';
import { antidopingColumns, revealAntidopingRecords } from './antidoping-store';
import type { AntidopingRecord, ListAntidopingRecordsQuery } from './schemas';

/** Newest first; every returned record's read is audited. Without the MEDICAL duty only `personId=me` is allowed. */
export async function listAntidopingRecords(tx: Tx, ctx: RequestContext, query: ListAntidopingRecordsQuery): Promise<Page<AntidopingRecord>> {
  const personId = query.personId === 'me' ? ctx.user.personId : query.personId;
  if (personId !== ctx.user.personId) assertDuty(ctx, 'MEDICAL', "Listing other persons' anti-doping records");
  const filters: SQL[] = [eq(antidopingRecords.organisationId, ctx.organisationId)];
  if (personId) filters.push(eq(antidopingRecords.personId, personId));
  if (query.result) filters.push(eq(antidopingRecords.result, query.result));
  if (query.from) filters.push(gte(antidopingRecords.testedAt, new Date(query.from)));
  if (query.to) filters.push(lt(antidopingRecords.testedAt, new Date(query.to)));
  const where = and(...filters);
  const cursor = query.cursor ? decodeCursor(query.cursor, timestampCursor) : null;
  const pageWhere = cursor ? and(where, sql`(${antidopingRecords.testedAt}, ${antidopingRecords.id}) < (${cursor[0]}::timestamptz, ${cursor[1]}::uuid)`) : where;
  const [rows, [totals]] = await Promise.all([
    tx.select(antidopingColumns).from(antidopingRecords).where(pageWhere).orderBy(desc(antidopingRecords.testedAt), desc(antidopingRecords.id)).limit(query.limit + 1),
    tx.select({ total: count() }).from(antidopingRecords).where(where),
  ]);
  const page = buildPage(rows, query.limit, totals?.total ?? 0, (row) => row, (row) => [row.testedAt.toISOString(), row.id]);
  return { ...page, data: await revealAntidopingRecords(tx, ctx, page.data) };
}
