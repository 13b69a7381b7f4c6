import { and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { incidentReports } from '@/db/schema';
import { buildPage, decodeCursor, type Page, timestampCursor } from '@/lib/platform/pagination';
import { assertDuty } from '@/lib/platform/auth/duties';
import type { RequestContext } from '@/lib/platform/core/context';
import { incidentColumns, revealIncidentReports } from './incident-store';
import { mayKnowReporterSql, reporterReaderOf } from './reporter-visibility';
import type { IncidentReport, ListIncidentReportsQuery } from './schemas';

/**
 * Newest first; every returned report's read is audited. Without the SAFEGUARDING duty a caller lists only
 * the reports about themselves (`personId=me`) or those they filed (`reportedBy=me`).
 */
export async function listIncidentReports(tx: Tx, ctx: RequestContext, query: ListIncidentReportsQuery): Promise<Page<IncidentReport>> {
  const personId = query.personId === 'me' ? ctx.user.personId : query.personId;
  const reportedBy = query.reportedBy === 'me' ? ctx.user.id : query.reportedBy;
  // Filtering by another reporter would tell a subject who reported them: only the duty may, and never finds
  // the reports about the caller themselves (the reporter rule).
  const ownReports = reportedBy === ctx.user.id || (reportedBy === undefined && personId === ctx.user.personId);
  if (!ownReports) assertDuty(ctx, 'SAFEGUARDING', "Listing other persons' incident reports");
  const filters: SQL[] = [eq(incidentReports.organisationId, ctx.organisationId)];
  if (personId) filters.push(eq(incidentReports.personId, personId));
  if (reportedBy) filters.push(eq(incidentReports.reportedByUserId, reportedBy), mayKnowReporterSql(reporterReaderOf(ctx)));
  if (query.status) filters.push(eq(incidentReports.status, query.status));
  if (query.severity) filters.push(eq(incidentReports.severity, query.severity));
  if (query.from) filters.push(gte(incidentReports.occurredAt, new Date(query.from)));
  if (query.to) filters.push(lt(incidentReports.occurredAt, new Date(query.to)));
  const where = and(...filters);
  const cursor = query.cursor ? decodeCursor(query.cursor, timestampCursor) : null;
  const pageWhere = cursor ? and(where, sql`(${incidentReports.occurredAt}, ${incidentReports.id}) < (${cursor[0]}::timestamptz, ${cursor[1]}::uuid)`) : where;
  const [rows, [totals]] = await Promise.all([
    tx.select(incidentColumns).from(incidentReports).where(pageWhere).orderBy(desc(incidentReports.occurredAt), desc(incidentReports.id)).limit(query.limit + 1),
    tx.select({ total: count() }).from(incidentReports).where(where),
  ]);
  const page = buildPage(rows, query.limit, totals?.total ?? 0, (row) => row, (row) => [row.occurredAt.toISOString(), row.id]);
  return { ...page, data: await revealIncidentReports(tx, ctx, page.data) };
}
