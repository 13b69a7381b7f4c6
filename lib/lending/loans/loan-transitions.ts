import { and, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { loans } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { ConflictError } from '@/lib/platform/core/errors';
import { sqlState } from '@/lib/platform/db/sql-state';
import type { AuditAction } from '@/lib/platform/audit/actions';
import { diffChanges, recordAudit } from '@/lib/platform/audit/record-audit';
import { loanColumns } from './loan-columns';
import { findBusyRanges, loanConflict, type LoanRow, writeBookingInSavepoint } from './loan-store';
import { emitLoanEvent, type LoanEventType } from '@/lib/lending/loans/emit-loan-event';
import type { LoanStatus } from './schemas';

type Transition = { from: readonly LoanStatus[]; to?: LoanStatus; audit: AuditAction; webhook?: LoanEventType };

// Every change of a loan goes through this table: which states allow the action, where it leads, the audit
// action it writes on the asset's log, and the webhook event integrators receive (issue 17).
export const loanTransitions = {
  update: { from: ['PENDING_APPROVAL'], audit: 'LOAN_UPDATED' },
  approve: { from: ['PENDING_APPROVAL'], to: 'APPROVED', audit: 'LOAN_APPROVED', webhook: 'loan.approved' },
  reject: { from: ['PENDING_APPROVAL'], to: 'REJECTED', audit: 'LOAN_REJECTED', webhook: 'loan.rejected' },
  // The requester cancels before pickup; an asset manager cancels an approved booking (lib/lending/loans/cancel-loan.ts).
  cancel: { from: ['PENDING_APPROVAL', 'APPROVED'], to: 'CANCELLED', audit: 'LOAN_CANCELLED', webhook: 'loan.cancelled' },
  // The erasure of the borrower (spec 001) frees what they booked: lib/lending/loans/release-erased-borrower-loans.ts.
  cancelForErasure: { from: ['PENDING_APPROVAL', 'APPROVED'], to: 'CANCELLED', audit: 'LOAN_CANCELLED_BORROWER_ERASED', webhook: 'loan.cancelled' },
  pickup: { from: ['APPROVED'], to: 'ACTIVE', audit: 'LOAN_PICKED_UP', webhook: 'loan.picked_up' },
  return: { from: ['ACTIVE'], to: 'RETURNED', audit: 'LOAN_RETURNED', webhook: 'loan.returned' },
  extend: { from: ['APPROVED', 'ACTIVE'], audit: 'LOAN_EXTENDED', webhook: 'loan.extended' },
  requestExtension: { from: ['APPROVED', 'ACTIVE'], audit: 'LOAN_EXTENSION_REQUESTED' },
  rejectExtension: { from: ['APPROVED', 'ACTIVE'], audit: 'LOAN_EXTENSION_REJECTED' },
  markOverdue: { from: ['ACTIVE'], audit: 'LOAN_OVERDUE', webhook: 'loan.overdue' },
} as const satisfies Record<string, Transition>;

export type LoanAction = keyof typeof loanTransitions;

// What each action does, for the sentence that refuses it.
const refusals: Record<LoanAction, string> = {
  update: 'it cannot be edited',
  approve: 'it cannot be approved',
  reject: 'it cannot be rejected',
  cancel: 'it cannot be cancelled',
  cancelForErasure: 'it cannot be cancelled',
  pickup: 'it cannot be picked up',
  return: 'it cannot be returned',
  extend: 'it cannot be extended',
  requestExtension: 'it cannot be extended',
  rejectExtension: 'there is no extension to refuse',
  markOverdue: 'it cannot become overdue',
};

// Where the loan stands, as the first half of that sentence ("The asset has been picked up, so it cannot be cancelled.").
const standing: Record<LoanStatus, string> = {
  PENDING_APPROVAL: 'This request is still waiting for approval',
  APPROVED: 'This booking is approved and waits for pickup',
  ACTIVE: 'The asset has been picked up',
  RETURNED: 'This loan has been returned',
  REJECTED: 'This request was rejected',
  CANCELLED: 'This loan was cancelled',
};

const auditedLoanFields = ['status', 'startDate', 'endDate', 'purpose', 'rejectionReason', 'extensionRequestedEndDate', 'decidedById'] as const;

export function assertTransitionAllowed(loan: LoanRow, action: LoanAction): void {
  const allowed: readonly LoanStatus[] = loanTransitions[action].from;
  if (!allowed.includes(loan.status)) {
    throw new ConflictError('LOAN_INVALID_STATE', `${standing[loan.status]}, so ${refusals[action]}.`, {
      loanId: loan.id,
      status: loan.status,
      action,
      allowedStatuses: allowed,
    });
  }
}

/**
 * Applies one transition to a loan row locked by the caller. The write runs in a savepoint so that the
 * exclusion constraint's refusal (a concurrent overlapping approval) becomes a 409 naming the conflict. The
 * audit entry and the webhook event are written in the same transaction.
 */
export async function applyLoanTransition(
  tx: Tx,
  ctx: Pick<RequestContext, 'organisationId' | 'requestId' | 'now'> & { user: { id: string } | null; afterCommit?: (fn: () => void) => void },
  loan: LoanRow,
  action: LoanAction,
  set: Partial<typeof loans.$inferInsert> = {},
  metadata: Record<string, unknown> = {},
): Promise<LoanRow> {
  assertTransitionAllowed(loan, action);
  const transition: Transition = loanTransitions[action];
  const values = { ...set, ...(transition.to ? { status: transition.to } : {}), updatedAt: new Date() };
  let updated: LoanRow | undefined;
  try {
    updated = await writeBookingInSavepoint(tx, ctx.organisationId, loan.assetId, async (savepoint) => {
      const [row] = await savepoint
        .update(loans)
        .set(values)
        .where(and(eq(loans.organisationId, ctx.organisationId), eq(loans.id, loan.id), eq(loans.status, loan.status)))
        .returning(loanColumns);
      return row;
    });
  } catch (error) {
    if (sqlState(error) !== '23P01') throw error;
    const start = (values.startDate as string | undefined) ?? loan.startDate;
    const end = (values.endDate as string | undefined) ?? loan.endDate;
    throw loanConflict(loan.assetId, await findBusyRanges(tx, ctx.organisationId, loan.assetId, start, end, loan.id));
  }
  // The caller holds the row lock, so this only happens when a caller forgot to take it.
  if (!updated) throw new ConflictError('LOAN_INVALID_STATE', 'The loan changed while this request ran.', { loanId: loan.id, action });
  await recordAudit(tx, ctx, {
    action: transition.audit,
    targetType: 'LOAN',
    targetId: loan.id,
    assetId: loan.assetId,
    changes: diffChanges(loan, updated!, auditedLoanFields),
    metadata,
  });
  if (transition.webhook) await emitLoanEvent(tx, ctx, transition.webhook, updated!, transition.webhook === 'loan.extended' ? { previousEndDate: loan.endDate } : {});
  return updated!;
}
