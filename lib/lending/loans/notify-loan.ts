import type { Executor } from '@/db/client';
import type { RequestContext } from '@/lib/platform/core/context';
import { formatDate } from '@/lib/platform/format/dates';
import { createNotification } from '@/lib/platform/notifications/create-notification';
import { type EmailMessage, enqueueEmail } from '@/lib/platform/notifications/enqueue-email';
import { findSilencedAddresses } from '@/lib/platform/notifications/reachable-recipients';
import type { LoanAsset } from './loan-asset';
import type { LoanNotice } from './loan-notice';
import type { LoanRow } from './loan-store';
import { approverRecipients, findRecipient } from './resolve-approver';

export type NotifyContext = Pick<RequestContext, 'organisationId' | 'afterCommit'> & { user: { id: string } };

type RequestedLoan = Pick<LoanRow, 'id' | 'requesterId' | 'approverId' | 'startDate' | 'endDate' | 'purpose'>;

/**
 * The e-mails that tell the approvers of a filed request (spec 000, Events): the named approver, else every
 * active asset manager (else the admins), none pending registration, one per approver with an address. Built
 * by the deliver-outbox job's fan-out (lib/lending/jobs/fan-out-loan-request.ts), from the approvers of that moment;
 * enqueueEmails then leaves out those who must not be e-mailed.
 */
export async function buildRequestEmails(tx: Executor, organisationId: string, loan: RequestedLoan, asset: Pick<LoanAsset, 'name' | 'inventoryNumber'>): Promise<EmailMessage[]> {
  const requester = await findRecipient(tx, organisationId, loan.requesterId);
  const approvers = await approverRecipients(tx, organisationId, loan.approverId, loan.requesterId);
  return approvers
    .filter((approver) => approver.email)
    .map((approver) => ({
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
    }));
}

/**
 * Who the fan-out of a request just filed will e-mail, for the portal's confirmation only (it may only claim an
 * e-mail that is really on its way); the API does not ask, so a request costs no look-up of the approvers.
 */
export async function previewRequestNotice(tx: Executor, organisationId: string, loan: RequestedLoan, asset: Pick<LoanAsset, 'name' | 'inventoryNumber'>): Promise<LoanNotice> {
  const messages = await buildRequestEmails(tx, organisationId, loan, asset);
  const silenced = await findSilencedAddresses(tx, organisationId, messages.map((message) => message.to));
  const emailed = messages.filter((message) => !silenced.has(message.to.toLowerCase())).map((message) => String(message.data.approverName));
  return { emailed, notifiedInApp: [] };
}

export async function notifyDecision(tx: Executor, ctx: NotifyContext, loan: LoanRow, asset: LoanAsset, decision: 'approved' | 'rejected'): Promise<LoanNotice> {
  const requester = await findRecipient(tx, ctx.organisationId, loan.requesterId);
  const decider = loan.decidedById ? await findRecipient(tx, ctx.organisationId, loan.decidedById) : null;
  const title = decision === 'approved' ? `Loan approved: ${asset.name}` : `Loan request declined: ${asset.name}`;
  const body =
    decision === 'approved'
      ? `Your loan of ${asset.name} from ${formatDate(loan.startDate)} to ${formatDate(loan.endDate)} was approved.`
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
