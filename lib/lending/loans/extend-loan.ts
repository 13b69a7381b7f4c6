import type { Tx } from '@/db/client';
import type { RequestContext } from '@/lib/platform/core/context';
import { ConflictError, ValidationError } from '@/lib/platform/core/errors';
import { formatDate } from '@/lib/platform/format/dates';
import { hasRole } from '@/lib/platform/auth/roles';
import { addDays, toIsoDate } from '@/lib/platform/time';
import { assertRequesterOrManager } from './loan-permissions';
import { findLoanAsset } from './loan-asset';
import { type NotifiedLoan, noNotice } from './loan-notice';
import { findBusyRanges, findLoanRow, loanConflict, type LoanRow, toLoanDto } from './loan-store';
import { applyLoanTransition, assertTransitionAllowed } from './loan-transitions';
import { notifyExtensionRequested } from './notify-extension';
import { getLoanPolicy, type LoanPolicy } from './policy';
import { validateLoanDates } from './validate-loan-dates';

/**
 * The policy's longest loan, counted from the loan's first day, told as the latest return date it allows. A loan
 * booked under a longer limit (or extended by a manager) may already reach past it: then no extension is possible,
 * and the message must not offer a date before the current one.
 */
function assertWithinLongestLoan(policy: LoanPolicy, loan: LoanRow, endDate: string): void {
  const latest = addDays(loan.startDate, policy.maxLoanDays - 1);
  if (endDate <= latest) return;
  const message =
    latest > loan.endDate
      ? `A loan may last at most ${policy.maxLoanDays} days: choose a return date no later than ${formatDate(latest)}.`
      : `This loan already lasts as long as your organisation allows (${policy.maxLoanDays} days), so it cannot be extended. Return it by ${formatDate(loan.endDate)}.`;
  throw new ValidationError('The loan dates do not fit the loan policy.', {
    location: 'body',
    issues: [{ path: 'endDate', code: 'too_long', message }],
    policy: { maxLoanDays: policy.maxLoanDays, maxAdvanceBookingDays: policy.maxAdvanceBookingDays },
    latestEndDate: latest > loan.endDate ? latest : null,
  });
}

/**
 * Extends an approved or active loan as the organisation's policy says: refused, applied at once, or filed for
 * the approver, who is told at once. A manager's extension applies at once. The new range is checked like a new
 * booking.
 */
export async function extendLoan(tx: Tx, ctx: RequestContext, loanId: string, endDate: string): Promise<NotifiedLoan> {
  const loan = await findLoanRow(tx, ctx, loanId, true);
  assertRequesterOrManager(ctx, loan);
  assertTransitionAllowed(loan, 'extend');
  const policy = await getLoanPolicy(tx, ctx.organisationId);
  const isManager = hasRole(ctx.user.role, 'ASSET_MANAGER');
  if (policy.extensions === 'NOT_ALLOWED' && !isManager) {
    throw new ConflictError('EXTENSION_NOT_ALLOWED', 'Your organisation does not allow loan extensions.', { loanId });
  }
  if (endDate <= loan.endDate) {
    throw new ValidationError('An extension must end after the current end date.', { location: 'body', issues: [{ path: 'endDate', code: 'not_later', message: `Choose a return date after ${formatDate(loan.endDate)}.` }] });
  }
  assertWithinLongestLoan(policy, loan, endDate);
  validateLoanDates(policy, toIsoDate(ctx.now), loan.startDate, endDate, { allowPastStart: true });
  const conflicts = await findBusyRanges(tx, ctx.organisationId, loan.assetId, loan.startDate, endDate, loan.id);
  if (conflicts.length > 0) throw loanConflict(loan.assetId, conflicts);
  if (policy.extensions === 'REQUIRES_APPROVAL' && !isManager) {
    const requested = await applyLoanTransition(tx, ctx, loan, 'requestExtension', { extensionRequestedEndDate: endDate });
    return { loan: toLoanDto(requested, ctx.now), notice: await notifyExtensionRequested(tx, ctx, requested, await findLoanAsset(tx, ctx.organisationId, loan.assetId)) };
  }
  const extended = await applyLoanTransition(tx, ctx, loan, 'extend', { endDate, extensionRequestedEndDate: null, overdueNotifiedAt: null, reminderSentAt: null });
  return { loan: toLoanDto(extended, ctx.now), notice: noNotice };
}
