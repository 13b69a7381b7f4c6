import type { Tx } from '@/db/client';
import type { RequestContext } from '@/lib/core/context';
import { ConflictError } from '@/lib/core/errors';
import { toIsoDate } from '@/lib/time';
import { assertBookable, findLoanAsset } from './loan-asset';
import { assertCanDecide } from './loan-permissions';
import { findLoanRow, type LoanRow } from './loan-store';
import { applyLoanTransition } from './loan-transitions';
import { notifyDecision } from './notify-loan';

/** Approves what is pending on the loan: the request itself, or a requested extension. */
export async function approveLoan(tx: Tx, ctx: RequestContext, loanId: string): Promise<LoanRow> {
  const loan = await findLoanRow(tx, ctx, loanId, true);
  assertCanDecide(ctx, loan);
  if (loan.extensionRequestedEndDate && (loan.status === 'APPROVED' || loan.status === 'ACTIVE')) {
    return applyLoanTransition(tx, ctx, loan, 'extend', { endDate: loan.extensionRequestedEndDate, extensionRequestedEndDate: null, decidedById: ctx.user.id }, { approvedExtension: true });
  }
  const asset = await findLoanAsset(tx, ctx.organisationId, loan.assetId);
  if (loan.status === 'PENDING_APPROVAL') assertBookable(asset);
  // An approval after the requested period would leave a loan nobody can ever pick up.
  if (loan.status === 'PENDING_APPROVAL' && loan.endDate < toIsoDate(ctx.now)) {
    throw new ConflictError('LOAN_OUTSIDE_PERIOD', `The requested period ended on ${loan.endDate}; ask for a new request instead.`, { loanId, startDate: loan.startDate, endDate: loan.endDate, today: toIsoDate(ctx.now) });
  }
  const approved = await applyLoanTransition(tx, ctx, loan, 'approve', { decidedById: ctx.user.id, decidedAt: ctx.now });
  await notifyDecision(tx, ctx, approved, asset, 'approved');
  return approved;
}
