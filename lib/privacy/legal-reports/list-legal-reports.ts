import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { legalReports } from '@/db/schema';
import { decodeCursor, encodeCursor, type Page } from '@/lib/platform/pagination';
import { z } from 'zod';
import { calendarDate } from '@/lib/platform/validation/calendar-date';
import { legalReportColumns, toLegalReportDtos } from './legal-report-store';
import type { LegalReport, ListLegalReportsQuery } from './schemas';

const monthCursor = z.tuple([calendarDate, z.uuid()]);

/** Newest month first, keyset-paged by (period_start, id); each with its figures, which are small. */
export async function listLegalReports(tx: Tx, ctx: { organisationId: string }, query: ListLegalReportsQuery): Promise<Page<LegalReport>> {
  const where = eq(legalReports.organisationId, ctx.organisationId);
  const cursor = query.cursor ? decodeCursor(query.cursor, monthCursor) : null;
  const pageWhere = cursor ? and(where, sql`(${legalReports.periodStart}, ${legalReports.id}) < (${cursor[0]}::date, ${cursor[1]}::uuid)`) : where;
  const [rows, [totals]] = await Promise.all([
    tx
      .select(legalReportColumns)
      .from(legalReports)
      .where(pageWhere)
      .orderBy(desc(legalReports.periodStart), desc(legalReports.id))
      .limit(query.limit + 1),
    tx.select({ total: count() }).from(legalReports).where(where),
  ]);
  const hasMore = rows.length > query.limit;
  const pageRows = hasMore ? rows.slice(0, query.limit) : rows;
  const last = pageRows.at(-1);
  return {
    data: await toLegalReportDtos(tx, ctx.organisationId, pageRows),
    pagination: { limit: query.limit, total: totals?.total ?? 0, nextCursor: hasMore && last ? encodeCursor([last.periodStart, last.id]) : null, hasMore },
  };
}
