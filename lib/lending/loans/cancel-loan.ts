import type { Tx } from '@/db/client';
import type { RequestContext } from '@/lib/platform/core/context';
import { ForbiddenError, ValidationError } from '@/lib/platform/core/errors';
import { hasRole } from '@/lib/platform/auth/roles';
import { findLoanAsset } from './loan-asset';
import { type NotifiedLoan, noNotice } from './loan-notice';
import { findLoanRow, toLoanDto } from './loan-store';
import { applyLoanTransition, assertTransitionAllowed } from './loan-transitions';
import { notifyCancellation } from './notify-cancellation';
import type { CancelLoanBody } from './schemas';

/**
 * The requester withdraws a pending request or cancels an approved booking before pickup; an asset manager
 * cancels somebody else's approved booking, with a reason the borrower is told (in the app and by e-mail). A
 * pending request of somebody else is not a manager's to cancel: it is decided (approved or rejected).
 */
export async function cancelLoan(tx: Tx, ctx: RequestContext, loanId: string, input: CancelLoanBody = {}): Promise<NotifiedLoan> {
  const loan = await findLoanRow(tx, ctx, loanId, true);
  const own = loan.requesterId === ctx.user.id;
  if (!own) {
    if (!hasRole(ctx.user.role, 'ASSET_MANAGER') || loan.status === 'PENDING_APPROVAL') {
      throw new ForbiddenError(
        loan.status === 'PENDING_APPROVAL' ? 'Only the requester can withdraw a pending request; an approver rejects it instead.' : 'Only the requester or an asset manager can cancel a booking.',
        { reason: 'not_requester' },
      );
    }
    assertTransitionAllowed(loan, 'cancel');
    if (!input.reason) {
      throw new ValidationError('Say why the booking is cancelled.', {
        location: 'body',
        issues: [{ path: 'reason', code: 'required', message: 'Say in a few words why, for the borrower.' }],
      });
    }
  }
  const reason = input.reason ?? null;
  const cancelled = await applyLoanTransition(tx, ctx, loan, 'cancel', { cancelledAt: ctx.now, cancellationReason: reason }, reason ? { reason, byManager: !own } : {});
  if (own) return { loan: toLoanDto(cancelled, ctx.now), notice: noNotice };
  const asset = await findLoanAsset(tx, ctx.organisationId, loan.assetId);
  return { loan: toLoanDto(cancelled, ctx.now), notice: await notifyCancellation(tx, ctx, cancelled, asset, reason!) };
}
