import { randomUUID } from 'node:crypto';
import type { Tx } from '@/db/client';
import { loans } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { sqlState } from '@/lib/platform/db/sql-state';
import { pipelined } from '@/lib/platform/db/pipelined';
import { diffChanges, recordAudit } from '@/lib/platform/audit/record-audit';
import { toIsoDate } from '@/lib/platform/time';
import { assertBookable, type LoanAsset } from './loan-asset';
import { type NotifiedLoan, noNotice } from './loan-notice';
import { enqueueLoanRequested } from './loan-requested-event';
import { loanColumns } from './loan-columns';
import { findBusyRanges, loanConflict, type LoanRow, toLoanDto, writeBookingInSavepoint } from './loan-store';
import { duplicateRequest } from './duplicate-request';
import { loadRequestFacts } from './load-request-facts';
import { notifyDecision } from './notify-loan';
import { notifyLoanRequested } from './notify-loan-requested';
import { resolveApprover } from './resolve-approver';
import type { CreateLoanBody } from './schemas';
import { validateLoanDates } from './validate-loan-dates';
import { emitLoanEvent } from '@/lib/lending/loans/emit-loan-event';

/**
 * A new loan with its asset. For a pending request `notice` names the approvers notified in the app; their
 * e-mails are the outbox fan-out's, so it names none.
 */
export type CreatedLoan = NotifiedLoan & { asset: LoanAsset };

const auditedFields = ['status', 'startDate', 'endDate', 'purpose', 'approverId'] as const;

const pendingLoanDefaults = {
  decidedById: null,
  rejectionReason: null,
  cancellationReason: null,
  extensionRequestedEndDate: null,
  decidedAt: null,
  pickedUpAt: null,
  returnedAt: null,
  cancelledAt: null,
  reminderSentAt: null,
  overdueNotifiedAt: null,
} satisfies Partial<LoanRow>;

/**
 * Files a request in a few round trips (issue 16: 500 requests/s): one statement for the registration, policy,
 * asset and conflict check, the approver check when the policy names one, then the loan, its audit entry and one
 * outbox event sent together, with the loan.requested webhook event; then the approvers' in-app notifications. The
 * approvers are e-mailed by the deliver-outbox job.
 */
export async function createLoan(tx: Tx, ctx: RequestContext, input: CreateLoanBody): Promise<CreatedLoan> {
  const { policy, asset, busy, own } = await loadRequestFacts(tx, ctx, input);
  assertBookable(asset);
  validateLoanDates(policy, toIsoDate(ctx.now), input.startDate, input.endDate);
  if (busy.length > 0) throw loanConflict(asset.id, busy);
  if (own.length > 0 && !input.allowDuplicate) throw duplicateRequest(asset.id, own);

  const approverId = await resolveApprover(tx, ctx.organisationId, policy, asset, ctx.user.id);
  const values = { organisationId: ctx.organisationId, assetId: asset.id, requesterId: ctx.user.id, approverId, startDate: input.startDate, endDate: input.endDate, purpose: input.purpose };
  const filed = { startDate: input.startDate, endDate: input.endDate, purpose: input.purpose };
  if (policy.requireApproval) {
    // A pending request takes no lock and no savepoint: the no-overlap constraint binds approved and active loans
    // only, and approval checks again under the asset's lock. The three writes go out together, pipelined.
    const id = randomUUID();
    const status = 'PENDING_APPROVAL' as const;
    // The row is known before it is written (its times are the request's clock), so the webhook event can be
    // sent in the same pipeline as the other three writes.
    const row: LoanRow = { ...pendingLoanDefaults, ...values, id, status, createdAt: ctx.now, updatedAt: ctx.now };
    const [[loan]] = await pipelined([
      tx.insert(loans).values({ ...values, id, status, createdAt: ctx.now, updatedAt: ctx.now }).returning(loanColumns),
      recordAudit(tx, ctx, { action: 'LOAN_REQUESTED', targetType: 'LOAN', targetId: id, assetId: asset.id, changes: diffChanges(null, { ...filed, status, approverId }, auditedFields) }),
      enqueueLoanRequested(tx, ctx, id),
      emitLoanEvent(tx, ctx, 'loan.requested', row),
    ]);
    const notifiedInApp = await notifyLoanRequested(tx, ctx.organisationId, row, asset);
    return { loan: toLoanDto(loan!, ctx.now), asset, notice: { ...noNotice, notifiedInApp } };
  }

  let loan: LoanRow;
  try {
    // A savepoint, so that losing a race for the same dates (exclusion constraint) still lets us name the winner.
    loan = await writeBookingInSavepoint(tx, ctx.organisationId, asset.id, async (savepoint) => {
      const [row] = await savepoint.insert(loans).values({ ...values, status: 'APPROVED', decidedAt: ctx.now }).returning(loanColumns);
      return row!;
    });
  } catch (error) {
    if (sqlState(error) !== '23P01') throw error;
    throw loanConflict(asset.id, await findBusyRanges(tx, ctx.organisationId, asset.id, input.startDate, input.endDate));
  }
  await recordAudit(tx, ctx, { action: 'LOAN_REQUESTED', targetType: 'LOAN', targetId: loan.id, assetId: asset.id, changes: diffChanges(null, loan, auditedFields) });
  await recordAudit(tx, ctx, { action: 'LOAN_APPROVED', targetType: 'LOAN', targetId: loan.id, assetId: asset.id, metadata: { automatic: true } });
  await emitLoanEvent(tx, ctx, 'loan.requested', loan);
  await emitLoanEvent(tx, ctx, 'loan.approved', loan);
  return { loan: toLoanDto(loan, ctx.now), asset, notice: await notifyDecision(tx, ctx, loan, asset, 'approved') };
}
