import type { Tx } from '@/db/client';
import type { RequestContext } from '@/lib/platform/core/context';
import { findLoanAsset } from './loan-asset';
import type { NotifiedLoan } from './loan-notice';
import { assertCanDecide } from './loan-permissions';
import { findLoanRow, toLoanDto } from './loan-store';
import { applyLoanTransition } from './loan-transitions';
import { notifyExtensionDecided } from './notify-extension';
import { notifyDecision } from './notify-loan';

/** Rejects what is pending on the loan: the request (with its reason) or a requested extension. */
export async function rejectLoan(tx: Tx, ctx: RequestContext, loanId: string, reason: string): Promise<NotifiedLoan> {
  const loan = await findLoanRow(tx, ctx, loanId, true);
  assertCanDecide(ctx, loan);
  const asset = await findLoanAsset(tx, ctx.organisationId, loan.assetId);
  if (loan.extensionRequestedEndDate && (loan.status === 'APPROVED' || loan.status === 'ACTIVE')) {
    const kept = await applyLoanTransition(tx, ctx, loan, 'rejectExtension', { extensionRequestedEndDate: null, decidedById: ctx.user.id }, { reason });
    return { loan: toLoanDto(kept, ctx.now), notice: await notifyExtensionDecided(tx, ctx, kept, asset, { decision: 'rejected', requestedEndDate: loan.extensionRequestedEndDate, reason }) };
  }
  const rejected = await applyLoanTransition(tx, ctx, loan, 'reject', { decidedById: ctx.user.id, decidedAt: ctx.now, rejectionReason: reason });
  return { loan: toLoanDto(rejected, ctx.now), notice: await notifyDecision(tx, ctx, rejected, asset, 'rejected') };
}
