import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { loans } from '@/db/schema';
import type { RequestContext } from '@/lib/api/context';
import { ConflictError, NotFoundError } from '@/lib/api/errors';
import { hasRole } from '@/lib/auth/roles';
import { toIsoDate } from '@/lib/time';
import type { Loan } from './schemas';

export type LoanRow = Omit<typeof loans.$inferSelect, 'organisationId'>;

export const loanColumns = {
  id: loans.id,
  assetId: loans.assetId,
  requesterId: loans.requesterId,
  approverId: loans.approverId,
  decidedById: loans.decidedById,
  status: loans.status,
  startDate: loans.startDate,
  endDate: loans.endDate,
  purpose: loans.purpose,
  rejectionReason: loans.rejectionReason,
  extensionRequestedEndDate: loans.extensionRequestedEndDate,
  decidedAt: loans.decidedAt,
  pickedUpAt: loans.pickedUpAt,
  returnedAt: loans.returnedAt,
  cancelledAt: loans.cancelledAt,
  reminderSentAt: loans.reminderSentAt,
  overdueNotifiedAt: loans.overdueNotifiedAt,
  createdAt: loans.createdAt,
  updatedAt: loans.updatedAt,
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toLoanDto(row: LoanRow, now: Date): Loan {
  return {
    id: row.id,
    assetId: row.assetId,
    requesterId: row.requesterId,
    approverId: row.approverId,
    decidedById: row.decidedById,
    status: row.status,
    overdue: row.status === 'ACTIVE' && row.endDate < toIsoDate(now),
    startDate: row.startDate,
    endDate: row.endDate,
    purpose: row.purpose,
    rejectionReason: row.rejectionReason,
    extensionRequestedEndDate: row.extensionRequestedEndDate,
    decidedAt: iso(row.decidedAt),
    pickedUpAt: iso(row.pickedUpAt),
    returnedAt: iso(row.returnedAt),
    cancelledAt: iso(row.cancelledAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function loanNotFound(loanId: string, organisationId: string): NotFoundError {
  return new NotFoundError('LOAN_NOT_FOUND', 'The loan does not exist.', { loanId, organisationId });
}

/** Another employee's loan is reported exactly like a missing one. */
export async function findLoanRow(tx: Executor, ctx: RequestContext, loanId: string, forUpdate = false): Promise<LoanRow> {
  const query = tx.select(loanColumns).from(loans).where(and(eq(loans.organisationId, ctx.organisationId), eq(loans.id, loanId)));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row || (row.requesterId !== ctx.user.id && !hasRole(ctx.user.role, 'ASSET_MANAGER'))) throw loanNotFound(loanId, ctx.organisationId);
  return row;
}

export type BusyRange = { startDate: string; endDate: string; status: 'APPROVED' | 'ACTIVE' };

export async function findBusyRanges(tx: Executor, organisationId: string, assetId: string, from: string, to: string, excludeLoanId?: string): Promise<BusyRange[]> {
  const rows = await tx
    .select({ startDate: loans.startDate, endDate: loans.endDate, status: loans.status })
    .from(loans)
    .where(
      and(
        eq(loans.organisationId, organisationId),
        eq(loans.assetId, assetId),
        inArray(loans.status, ['APPROVED', 'ACTIVE']),
        sql`${loans.startDate} <= ${to}::date and ${loans.endDate} >= ${from}::date`,
        excludeLoanId ? ne(loans.id, excludeLoanId) : undefined,
      ),
    )
    .orderBy(loans.startDate);
  return rows as BusyRange[];
}

export function loanConflict(assetId: string, conflicts: BusyRange[]): ConflictError {
  const first = conflicts[0];
  const range = first ? ` (${first.startDate} to ${first.endDate})` : '';
  return new ConflictError('LOAN_CONFLICT', `The asset is already booked for an overlapping period${range}.`, { assetId, conflicts });
}
