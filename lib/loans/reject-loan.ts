import type { Tx } from '@/db/client';
import type { RequestContext } from '@/lib/core/context';
import { findLoanAsset } from './loan-asset';
import { assertCanDecide } from './loan-permissions';
import { findLoanRow, type LoanRow } from './loan-store';
import { applyLoanTransition } from './loan-transitions';
import { notifyDecision } from './notify-loan';

/** Rejects what is pending on the loan: the request (with its reason) or a requested extension. */
export async function rejectLoan(tx: Tx, ctx: RequestContext, loanId: string, reason: string): Promise<LoanRow> {
  const loan = await findLoanRow(tx, ctx, loanId, true);
  assertCanDecide(ctx, loan);
  if (loan.extensionRequestedEndDate && (loan.status === 'APPROVED' || loan.status === 'ACTIVE')) {
    return applyLoanTransition(tx, ctx, loan, 'rejectExtension', { extensionRequestedEndDate: null, decidedById: ctx.user.id }, { reason });
  }
  const rejected = await applyLoanTransition(tx, ctx, loan, 'reject', { decidedById: ctx.user.id, decidedAt: ctx.now, rejectionReason: reason });
  await notifyDecision(tx, ctx, rejected, await findLoanAsset(tx, ctx.organisationId, loan.assetId), 'rejected');
  return rejected;
}
