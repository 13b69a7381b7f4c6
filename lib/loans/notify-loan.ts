import type { Executor } from '@/db/client';
import type { RequestContext } from '@/lib/core/context';
import { createNotification } from '@/lib/notifications/create-notification';
import { enqueueEmail, enqueueEmails } from '@/lib/notifications/enqueue-email';
import type { LoanAsset } from './loan-asset';
import type { LoanNotice } from './loan-notice';
import type { LoanRow } from './loan-store';
import { approverRecipients, findRecipient } from './resolve-approver';

export type NotifyContext = Pick<RequestContext, 'organisationId' | 'afterCommit'> & { user: { id: string } };

/** The approver hears of a request the moment it is filed (spec 000, Events). */
export async function notifyRequestFiled(tx: Executor, ctx: NotifyContext, loan: LoanRow, asset: LoanAsset): Promise<LoanNotice> {
  const [requester, approvers] = await Promise.all([findRecipient(tx, ctx.organisationId, loan.requesterId), approverRecipients(tx, ctx.organisationId, loan.approverId, loan.requesterId)]);
  const reachable = approvers.filter((approver) => approver.email);
  const sent = await enqueueEmails(
    tx,
    ctx,
    reachable.map((approver) => ({
      template: 'loan-requested' as const,
      to: approver.email!,
      idempotencyKey: `loan-requested:${loan.id}:${approver.id}`,
      data: {
        loanId: loan.id,
        assetName: asset.name,
        assetInventoryNumber: asset.inventoryNumber,
        requesterName: requester?.name ?? 'A colleague',
        startDate: loan.startDate,
        endDate: loan.endDate,
        purpose: loan.purpose,
        approverName: approver.name,
      },
    })),
  );
  return { emailed: reachable.filter((approver) => sent.includes(approver.email!)).map((approver) => approver.name), notifiedInApp: [] };
}

export async function notifyDecision(tx: Executor, ctx: NotifyContext, loan: LoanRow, asset: LoanAsset, decision: 'approved' | 'rejected'): Promise<LoanNotice> {
  const requester = await findRecipient(tx, ctx.organisationId, loan.requesterId);
  const decider = loan.decidedById ? await findRecipient(tx, ctx.organisationId, loan.decidedById) : null;
  const title = decision === 'approved' ? `Loan approved: ${asset.name}` : `Loan request declined: ${asset.name}`;
  const body =
    decision === 'approved'
      ? `Your loan of ${asset.name} from ${loan.startDate} to ${loan.endDate} was approved.`
      : `Your request for ${asset.name} was declined: ${loan.rejectionReason ?? ''}`.trim();
  const inApp = await createNotification(tx, ctx.organisationId, { userId: loan.requesterId, kind: decision === 'approved' ? 'LOAN_APPROVED' : 'LOAN_REJECTED', title, body, loanId: loan.id });
  const name = requester?.name ?? 'The borrower';
  const notifiedInApp = inApp ? [name] : [];
  if (!requester?.email) return { emailed: [], notifiedInApp };
  const emailed = await enqueueEmail(tx, ctx, {
    template: decision === 'approved' ? 'loan-approved' : 'loan-rejected',
    to: requester.email,
    idempotencyKey: `loan-${decision}:${loan.id}`,
    data:
      decision === 'approved'
        ? { loanId: loan.id, assetName: asset.name, startDate: loan.startDate, endDate: loan.endDate, approverName: decider?.name ?? 'Automatic approval' }
        : { loanId: loan.id, assetName: asset.name, startDate: loan.startDate, endDate: loan.endDate, reason: loan.rejectionReason ?? '' },
  });
  return { emailed: emailed ? [name] : [], notifiedInApp };
}
