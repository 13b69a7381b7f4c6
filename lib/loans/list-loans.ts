import { and, count, desc, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { loans } from '@/db/schema';
import type { RequestContext } from '@/lib/core/context';
import { ForbiddenError } from '@/lib/core/errors';
import { buildPage, decodeCursor, type Page, timestampCursor } from '@/lib/api/pagination';
import { hasRole } from '@/lib/auth/roles';
import { toIsoDate } from '@/lib/time';
import { loanColumns, toLoanDto } from './loan-store';
import type { ListLoansQuery, Loan } from './schemas';

function statusFilter(status: NonNullable<ListLoansQuery['status']>, today: string): SQL {
  if (status === 'OVERDUE') return and(eq(loans.status, 'ACTIVE'), lt(loans.endDate, today))!;
  return eq(loans.status, status);
}

/** Employees see their own loans; another user's loans (or everyone's) need ASSET_MANAGER. */
export async function listLoans(tx: Tx, ctx: RequestContext, query: ListLoansQuery): Promise<Page<Loan>> {
  const isManager = hasRole(ctx.user.role, 'ASSET_MANAGER');
  const requesterId = query.userId === 'me' ? ctx.user.id : (query.userId ?? (isManager ? undefined : ctx.user.id));
  if (requesterId && requesterId !== ctx.user.id && !isManager) {
    throw new ForbiddenError("Another user's loans are visible to asset managers only.", { requiredRole: 'ASSET_MANAGER' });
  }
  const filters: SQL[] = [eq(loans.organisationId, ctx.organisationId)];
  if (requesterId) filters.push(eq(loans.requesterId, requesterId));
  if (query.status) filters.push(statusFilter(query.status, toIsoDate(ctx.now)));
  if (query.assetId) filters.push(eq(loans.assetId, query.assetId));
  if (query.from) filters.push(sql`${loans.endDate} >= ${query.from}::date`);
  if (query.to) filters.push(sql`${loans.startDate} <= ${query.to}::date`);
  const where = and(...filters);
  const cursor = query.cursor ? decodeCursor(query.cursor, timestampCursor) : null;
  const pageWhere = cursor ? and(where, sql`(${loans.createdAt}, ${loans.id}) < (${cursor[0]}::timestamptz, ${cursor[1]}::uuid)`) : where;
  const [rows, [totals]] = await Promise.all([
    tx.select(loanColumns).from(loans).where(pageWhere).orderBy(desc(loans.createdAt), desc(loans.id)).limit(query.limit + 1),
    tx.select({ total: count() }).from(loans).where(where),
  ]);
  return buildPage(rows, query.limit, totals?.total ?? 0, (row) => toLoanDto(row, ctx.now), (row) => [row.createdAt.toISOString(), row.id]);
}
