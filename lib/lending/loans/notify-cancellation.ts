import type { Executor } from '@/db/client';
import { formatDate } from '@/lib/platform/format/dates';
import { createNotification } from '@/lib/platform/notifications/create-notification';
import { enqueueEmail } from '@/lib/platform/notifications/enqueue-email';
import type { LoanAsset } from './loan-asset';
import type { LoanNotice } from './loan-notice';
import type { LoanRow } from './loan-store';
import type { NotifyContext } from './notify-loan';
import { findRecipient } from './resolve-approver';

/** The borrower of a booking a manager cancelled learns it, with the reason, in the app and by e-mail. */
export async function notifyCancellation(tx: Executor, ctx: NotifyContext, loan: LoanRow, asset: Pick<LoanAsset, 'name'>, reason: string): Promise<LoanNotice> {
  const [borrower, manager] = await Promise.all([findRecipient(tx, ctx.organisationId, loan.requesterId), findRecipient(tx, ctx.organisationId, ctx.user.id)]);
  const cancelledByName = manager?.name ?? 'An asset manager';
  const inApp = await createNotification(tx, ctx.organisationId, {
    userId: loan.requesterId,
    kind: 'LOAN_CANCELLED',
    title: `Booking cancelled: ${asset.name}`,
    body: `${cancelledByName} cancelled your booking of ${asset.name} from ${formatDate(loan.startDate)} to ${formatDate(loan.endDate)}: ${reason}`,
    loanId: loan.id,
  });
  const name = borrower?.name ?? 'The borrower';
  const notifiedInApp = inApp ? [name] : [];
  if (!borrower?.email) return { emailed: [], notifiedInApp };
  const emailed = await enqueueEmail(tx, ctx, {
    template: 'loan-cancelled',
    to: borrower.email,
    idempotencyKey: `loan-cancelled:${loan.id}`,
    data: { loanId: loan.id, assetName: asset.name, startDate: loan.startDate, endDate: loan.endDate, reason, cancelledByName },
  });
  return { emailed: emailed ? [name] : [], notifiedInApp };
}
