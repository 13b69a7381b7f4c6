import type { Executor } from '@/db/client';
import { formatDate } from '@/lib/platform/format/dates';
import { createNotification } from '@/lib/platform/notifications/create-notification';
import type { LoanAsset } from './loan-asset';
import type { LoanRow } from './loan-store';
import { approverRecipients, findRecipient } from './resolve-approver';

/**
 * A request just filed reaches its approvers in the app, in the request's transaction: the named approver, else
 * every active asset manager (else the admins), none pending registration; createNotification leaves out those
 * whose processing is restricted or who turned in-app notifications off. Their e-mails go through the outbox
 * fan-out (fan-out-loan-request.ts). Returns the names of those notified, for the confirmation the requester reads.
 */
export async function notifyLoanRequested(tx: Executor, organisationId: string, loan: Pick<LoanRow, 'id' | 'requesterId' | 'approverId' | 'startDate' | 'endDate'>, asset: Pick<LoanAsset, 'name'>): Promise<string[]> {
  const [requester, approvers] = await Promise.all([findRecipient(tx, organisationId, loan.requesterId), approverRecipients(tx, organisationId, loan.approverId, loan.requesterId)]);
  const requesterName = requester?.name ?? 'A colleague';
  const notified: string[] = [];
  for (const approver of approvers) {
    const written = await createNotification(tx, organisationId, {
      userId: approver.id,
      kind: 'LOAN_REQUESTED',
      title: `New request: ${asset.name}`,
      body: `${requesterName} asks to borrow ${asset.name} from ${formatDate(loan.startDate)} to ${formatDate(loan.endDate)}. It waits for your decision.`,
      loanId: loan.id,
    });
    if (written) notified.push(approver.name);
  }
  return notified;
}
