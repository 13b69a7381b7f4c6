import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor, Tx } from '@/db/client';
import { assets, loans } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { ConflictError, NotFoundError } from '@/lib/platform/core/errors';
import { formatDate } from '@/lib/platform/format/dates';
import { hasRole } from '@/lib/platform/auth/roles';
import { toIsoDate } from '@/lib/platform/time';
import { loanColumns } from './loan-columns';
import type { Loan } from './schemas';

export type LoanRow = Omit<typeof loans.$inferSelect, 'organisationId'>;

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
    cancellationReason: row.cancellationReason,
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
  const range = first ? ` (${formatDate(first.startDate)} to ${formatDate(first.endDate)})` : '';
  return new ConflictError('LOAN_CONFLICT', `The asset is already booked for an overlapping period${range}.`, { assetId, conflicts });
}

/**
 * Runs a write that can meet the no-overlap exclusion constraint in a savepoint, after locking the asset row.
 * PostgreSQL checks that constraint only after inserting the index entry, so two unserialised writers of
 * overlapping ranges can each find the other's uncommitted row and wait for each other until the deadlock
 * detector kills one (40P01, a 500 instead of a 409). Behind the lock the later writer finds the earlier one
 * committed and gets 23P01, which callers turn into LOAN_CONFLICT. Lock order everywhere: loan row, then asset.
 */
export async function writeBookingInSavepoint<T>(tx: Tx, organisationId: string, assetId: string, write: (savepoint: Tx) => Promise<T>): Promise<T> {
  await tx
    .select({ id: assets.id })
    .from(assets)
    .where(and(eq(assets.organisationId, organisationId), eq(assets.id, assetId)))
    .for('no key update');
  return tx.transaction(write);
}
