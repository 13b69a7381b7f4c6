'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { ApiError } from '@/lib/api/errors';
import { approveLoan } from '@/lib/loans/approve-loan';
import { rejectLoan } from '@/lib/loans/reject-loan';
import { markNotificationRead } from '@/lib/notifications/in-app';
import { describeLoanNotice } from '@/lib/portal/describe-loan-notice';
import { type ActionResult, portalActionError, requirePortalContext, withPortalTransaction } from '../portal-context';

const LoanDecision = z.object({ loanId: z.uuid('Unknown loan request.') });
const Rejection = LoanDecision.extend({
  reason: z.string().trim().min(3, 'Say in a few words why (at least 3 characters).').max(1000, 'Keep the reason under 1,000 characters.'),
});
const ReminderId = z.object({ notificationId: z.uuid('Unknown reminder.') });

// The loan rules speak to API clients; on the dashboard a decision someone else made first needs plainer words.
function decisionError(error: unknown): ActionResult {
  if (error instanceof ApiError && error.code === 'LOAN_INVALID_STATE') return { ok: false, message: 'This request was already decided or withdrawn.' };
  if (error instanceof ApiError && error.code === 'LOAN_NOT_FOUND') return { ok: false, message: 'This request no longer exists.' };
  return portalActionError(error);
}

export async function approveLoanAction(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  const portal = await requirePortalContext('ASSET_MANAGER');
  try {
    const { loanId } = LoanDecision.parse({ loanId: formData.get('loanId') });
    const { notice } = await withPortalTransaction(portal, (tx, ctx) => approveLoan(tx, ctx, loanId));
    revalidatePath('/dashboard');
    return { ok: true, message: `Approved. ${describeLoanNotice(notice)}`.trim() };
  } catch (error) {
    return decisionError(error);
  }
}

export async function rejectLoanAction(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  const portal = await requirePortalContext('ASSET_MANAGER');
  try {
    const { loanId, reason } = Rejection.parse({ loanId: formData.get('loanId'), reason: formData.get('reason') ?? '' });
    const { notice } = await withPortalTransaction(portal, (tx, ctx) => rejectLoan(tx, ctx, loanId, reason));
    revalidatePath('/dashboard');
    return { ok: true, message: `Rejected. ${describeLoanNotice(notice)}`.trim() };
  } catch (error) {
    return decisionError(error);
  }
}

export async function markReminderReadAction(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  const portal = await requirePortalContext();
  try {
    const { notificationId } = ReminderId.parse({ notificationId: formData.get('notificationId') });
    await withPortalTransaction(portal, (tx, ctx) => markNotificationRead(tx, ctx, notificationId));
  } catch (error) {
    return portalActionError(error);
  }
  revalidatePath('/dashboard');
  return { ok: true, message: 'Marked as read.' };
}
