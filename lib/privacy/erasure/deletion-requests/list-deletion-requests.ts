import { and, count, desc, eq, not, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { dataDeletionRequests, persons } from '@/db/schema';
import { buildPage, decodeCursor, type Page, timestampCursor } from '@/lib/platform/pagination';
import type { RequestContext } from '@/lib/platform/core/context';
import { dataDeletionColumns, findVisibleRequest, overdueCondition, toDataDeletionDto, visibleTo, withPerson } from './deletion-request-store';
import type { DataDeletionRequest, ListDeletionRequestsQuery } from './schemas';

/** An ADMIN's view of the tenant's erasure requests, anyone else's of their own; newest first, keyset-paged. */
export async function listDeletionRequests(tx: Tx, ctx: RequestContext, query: ListDeletionRequestsQuery): Promise<Page<DataDeletionRequest>> {
  const filters: SQL[] = [visibleTo(ctx)];
  if (query.status) filters.push(eq(dataDeletionRequests.status, query.status));
  if (query.overdue !== undefined) filters.push(query.overdue ? overdueCondition(ctx.now) : not(overdueCondition(ctx.now)));
  const where = and(...filters);
  const cursor = query.cursor ? decodeCursor(query.cursor, timestampCursor) : null;
  const pageWhere = cursor ? and(where, sql`(${dataDeletionRequests.requestedAt}, ${dataDeletionRequests.id}) < (${cursor[0]}::timestamptz, ${cursor[1]}::uuid)`) : where;
  const [rows, [totals]] = await Promise.all([
    tx
      .select(dataDeletionColumns)
      .from(dataDeletionRequests)
      .innerJoin(persons, withPerson)
      .where(pageWhere)
      .orderBy(desc(dataDeletionRequests.requestedAt), desc(dataDeletionRequests.id))
      .limit(query.limit + 1),
    tx.select({ total: count() }).from(dataDeletionRequests).where(where),
  ]);
  return buildPage(rows, query.limit, totals?.total ?? 0, (row) => toDataDeletionDto(row, ctx), (row) => [row.requestedAt.toISOString(), row.id]);
}

/** One request the caller may see; any other (another person's, another tenant's) is 404. */
export async function getDeletionRequest(tx: Tx, ctx: RequestContext, requestId: string): Promise<DataDeletionRequest> {
  return toDataDeletionDto(await findVisibleRequest(tx, ctx, requestId), ctx);
}

export type OpenDeletionCounts = { open: number; pending: number; overdue: number };

/** For the admin dashboard: open requests, those waiting for verification, and those past a deadline. */
export async function countOpenDeletionRequests(tx: Tx, ctx: RequestContext): Promise<OpenDeletionCounts> {
  const [row] = await tx
    .select({
      open: sql<number>`count(*) filter (where ${dataDeletionRequests.status} in ('pending', 'verified', 'in_progress'))::int`,
      pending: sql<number>`count(*) filter (where ${dataDeletionRequests.status} = 'pending')::int`,
      overdue: sql<number>`count(*) filter (where ${overdueCondition(ctx.now)})::int`,
    })
    .from(dataDeletionRequests)
    .where(eq(dataDeletionRequests.organisationId, ctx.organisationId));
  return { open: row?.open ?? 0, pending: row?.pending ?? 0, overdue: row?.overdue ?? 0 };
}

/** The requests about the caller themself, whatever their role (the subject's own page), newest first. */
export async function listOwnDeletionRequests(tx: Tx, ctx: RequestContext, limit = 10): Promise<DataDeletionRequest[]> {
  const rows = await tx
    .select(dataDeletionColumns)
    .from(dataDeletionRequests)
    .innerJoin(persons, withPerson)
    .where(and(eq(dataDeletionRequests.organisationId, ctx.organisationId), eq(dataDeletionRequests.personId, ctx.user.personId)))
    .orderBy(desc(dataDeletionRequests.requestedAt), desc(dataDeletionRequests.id))
    .limit(limit);
  // The subject's view: no admin notes, even for an admin looking at their own request.
  return rows.map((row) => toDataDeletionDto(row, { ...ctx, user: { ...ctx.user, role: 'EMPLOYEE' } }));
}
