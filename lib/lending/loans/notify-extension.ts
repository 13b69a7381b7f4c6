import type { Executor } from '@/db/client';
import { formatDate } from '@/lib/platform/format/dates';
import { createNotification } from '@/lib/platform/notifications/create-notification';
import { enqueueEmail, enqueueEmails } from '@/lib/platform/notifications/enqueue-email';
import type { LoanAsset } from './loan-asset';
import type { LoanNotice } from './loan-notice';
import type { LoanRow } from './loan-store';
import type { NotifyContext } from './notify-loan';
import { approverRecipients, findRecipient } from './resolve-approver';

// The row's updatedAt is that of the transition being told: one e-mail per request or decision, however often
// the delivery is retried, and a new one for a later request of the same dates.
const transitionKey = (kind: string, loan: LoanRow) => `${kind}:${loan.id}:${loan.updatedAt.toISOString()}`;

/** Whoever decides the loan hears of the extension request at once, by e-mail and in the app. */
export async function notifyExtensionRequested(tx: Executor, ctx: NotifyContext, loan: LoanRow, asset: LoanAsset): Promise<LoanNotice> {
  const requestedEndDate = loan.extensionRequestedEndDate!;
  const [requester, approvers] = await Promise.all([findRecipient(tx, ctx.organisationId, loan.requesterId), approverRecipients(tx, ctx.organisationId, loan.approverId, loan.requesterId)]);
  const requesterName = requester?.name ?? 'A colleague';
  const notifiedInApp: string[] = [];
  for (const approver of approvers) {
    const notified = await createNotification(tx, ctx.organisationId, {
      userId: approver.id,
      kind: 'LOAN_EXTENSION_REQUESTED',
      title: `Extension request: ${asset.name}`,
      body: `${requesterName} asks to keep ${asset.name} until ${formatDate(requestedEndDate)} instead of ${formatDate(loan.endDate)}.`,
      loanId: loan.id,
    });
    if (notified) notifiedInApp.push(approver.name);
  }
  const reachable = approvers.filter((approver) => approver.email);
  const sent = await enqueueEmails(
    tx,
    ctx,
    reachable.map((approver) => ({
      template: 'loan-extension-requested' as const,
      to: approver.email!,
      idempotencyKey: `${transitionKey('loan-extension-requested', loan)}:${approver.id}`,
      data: { loanId: loan.id, assetName: asset.name, assetInventoryNumber: asset.inventoryNumber, requesterName, currentEndDate: loan.endDate, requestedEndDate, approverName: approver.name },
    })),
  );
  return { emailed: reachable.filter((approver) => sent.includes(approver.email!)).map((approver) => approver.name), notifiedInApp };
}

export type ExtensionDecision = { decision: 'approved'; previousEndDate: string } | { decision: 'rejected'; requestedEndDate: string; reason: string };

/** The borrower hears of the decision on their extension, by e-mail and in the app; a rejection says why. */
export async function notifyExtensionDecided(tx: Executor, ctx: NotifyContext, loan: LoanRow, asset: LoanAsset, outcome: ExtensionDecision): Promise<LoanNotice> {
  const [requester, decider] = await Promise.all([findRecipient(tx, ctx.organisationId, loan.requesterId), findRecipient(tx, ctx.organisationId, ctx.user.id)]);
  const approved = outcome.decision === 'approved';
  const inApp = await createNotification(tx, ctx.organisationId, {
    userId: loan.requesterId,
    kind: approved ? 'LOAN_EXTENSION_APPROVED' : 'LOAN_EXTENSION_REJECTED',
    title: approved ? `Extension approved: ${asset.name}` : `Extension declined: ${asset.name}`,
    body: approved
      ? `You may keep ${asset.name} until ${formatDate(loan.endDate)}.`
      : `You asked to keep ${asset.name} until ${formatDate(outcome.requestedEndDate)}; it is still due on ${formatDate(loan.endDate)}. Reason: ${outcome.reason}`,
    loanId: loan.id,
  });
  const name = requester?.name ?? 'The borrower';
  const notifiedInApp = inApp ? [name] : [];
  if (!requester?.email) return { emailed: [], notifiedInApp };
  const emailed = await enqueueEmail(
    tx,
    ctx,
    outcome.decision === 'approved'
      ? {
          template: 'loan-extension-approved',
          to: requester.email,
          idempotencyKey: transitionKey('loan-extension-approved', loan),
          data: { loanId: loan.id, assetName: asset.name, previousEndDate: outcome.previousEndDate, endDate: loan.endDate, approverName: decider?.name ?? 'Your approver' },
        }
      : {
          template: 'loan-extension-rejected',
          to: requester.email,
          idempotencyKey: transitionKey('loan-extension-rejected', loan),
          data: { loanId: loan.id, assetName: asset.name, endDate: loan.endDate, requestedEndDate: outcome.requestedEndDate, reason: outcome.reason },
        },
  );
  return { emailed: emailed ? [name] : [], notifiedInApp };
}
