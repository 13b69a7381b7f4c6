import type { Tx } from '@/db/client';
import type { RequestContext } from '@/lib/platform/core/context';
import { ConflictError } from '@/lib/platform/core/errors';
import { formatDate } from '@/lib/platform/format/dates';
import { toIsoDate } from '@/lib/platform/time';
import { assertBookable, findLoanAsset } from './loan-asset';
import type { NotifiedLoan } from './loan-notice';
import { assertCanDecide } from './loan-permissions';
import { findLoanRow, toLoanDto } from './loan-store';
import { applyLoanTransition } from './loan-transitions';
import { notifyExtensionDecided } from './notify-extension';
import { notifyDecision } from './notify-loan';

/** Approves what is pending on the loan: the request itself, or a requested extension. */
export async function approveLoan(tx: Tx, ctx: RequestContext, loanId: string): Promise<NotifiedLoan> {
  const loan = await findLoanRow(tx, ctx, loanId, true);
  assertCanDecide(ctx, loan);
  const asset = await findLoanAsset(tx, ctx.organisationId, loan.assetId);
  if (loan.extensionRequestedEndDate && (loan.status === 'APPROVED' || loan.status === 'ACTIVE')) {
    // A new end date earns a new reminder and, should it pass too, a new overdue notice.
    const extended = await applyLoanTransition(
      tx,
      ctx,
      loan,
      'extend',
      { endDate: loan.extensionRequestedEndDate, extensionRequestedEndDate: null, decidedById: ctx.user.id, reminderSentAt: null, overdueNotifiedAt: null },
      { approvedExtension: true },
    );
    return { loan: toLoanDto(extended, ctx.now), notice: await notifyExtensionDecided(tx, ctx, extended, asset, { decision: 'approved', previousEndDate: loan.endDate }) };
  }
  if (loan.status === 'PENDING_APPROVAL') assertBookable(asset);
  // An approval after the requested period would leave a loan nobody can ever pick up.
  if (loan.status === 'PENDING_APPROVAL' && loan.endDate < toIsoDate(ctx.now)) {
    throw new ConflictError('LOAN_OUTSIDE_PERIOD', `The requested period ended on ${formatDate(loan.endDate)}; ask for a new request instead.`, { loanId, startDate: loan.startDate, endDate: loan.endDate, today: toIsoDate(ctx.now) });
  }
  const approved = await applyLoanTransition(tx, ctx, loan, 'approve', { decidedById: ctx.user.id, decidedAt: ctx.now });
  return { loan: toLoanDto(approved, ctx.now), notice: await notifyDecision(tx, ctx, approved, asset, 'approved') };
}
