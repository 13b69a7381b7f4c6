import { and, desc, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { loans } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { ForbiddenError } from '@/lib/platform/core/errors';
import { countUpTo } from '@/lib/platform/db/count-up-to';
import { buildPage, decodeCursor, type Page, timestampCursor } from '@/lib/platform/pagination';
import { hasRole } from '@/lib/platform/auth/roles';
import { toIsoDate } from '@/lib/platform/time';
import { buildLoanFilter } from './build-loan-filter';
import { loanColumns } from './loan-columns';
import { toLoanDto } from './loan-store';
import type { ListLoansQuery, Loan } from './schemas';

/**
 * Employees see their own loans, whatever else they filter by; another user's loans (or everyone's) need ASSET_MANAGER.
 * The total is exact up to 10,000 loans and an estimate above (pagination.totalIsEstimate): a manager's unfiltered
 * list of a large tenant must not count all its loans on every page.
 */
export async function listLoans(tx: Tx, ctx: RequestContext, query: ListLoansQuery): Promise<Page<Loan>> {
  const isManager = hasRole(ctx.user.role, 'ASSET_MANAGER');
  const { userId, cursor: rawCursor, limit, ...filter } = query;
  const requesterId = userId === 'me' ? ctx.user.id : (userId ?? (isManager ? undefined : ctx.user.id));
  if (requesterId && requesterId !== ctx.user.id && !isManager) {
    throw new ForbiddenError("Another user's loans are visible to asset managers only.", { requiredRole: 'ASSET_MANAGER' });
  }
  const where = buildLoanFilter(ctx.organisationId, { ...filter, requesterId }, toIsoDate(ctx.now));
  const cursor = rawCursor ? decodeCursor(rawCursor, timestampCursor) : null;
  const pageWhere = cursor ? and(where, sql`(${loans.createdAt}, ${loans.id}) < (${cursor[0]}::timestamptz, ${cursor[1]}::uuid)`) : where;
  const [rows, total] = await Promise.all([
    tx.select(loanColumns).from(loans).where(pageWhere).orderBy(desc(loans.createdAt), desc(loans.id)).limit(limit + 1),
    countUpTo(tx, loans, where),
  ]);
  return buildPage(rows, limit, total, (row) => toLoanDto(row, ctx.now), (row) => [row.createdAt.toISOString(), row.id]);
}
