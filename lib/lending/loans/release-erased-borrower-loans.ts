import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { assets, loans } from '@/db/schema';
import { createNotification } from '@/lib/platform/notifications/create-notification';
import { type EmailMessage, enqueueEmails } from '@/lib/platform/notifications/enqueue-email';
import { loanColumns } from './loan-columns';
import { type LoanRow } from './loan-store';
import { applyLoanTransition } from './loan-transitions';
import { approverRecipients } from './resolve-approver';

type ReleaseContext = Parameters<typeof applyLoanTransition>[1];

export type ReleasedLoans = { cancelledLoans: number; activeLoansKept: number };

/** The in-app kind and e-mail template of the notice; the erasure's sweep of the outbox spares both. */
export const BORROWER_ERASED_NOTICE = { cancelled: 'LOAN_CANCELLED_BORROWER_ERASED', stillOut: 'LOAN_BORROWER_ERASED' } as const;
export const BORROWER_ERASED_TEMPLATE = 'loan-borrower-erased';

const ERASED_TEXT = '[deleted]';

type Asset = { name: string; inventoryNumber: string };

function inAppNotice(loan: LoanRow, asset: Asset, cancelled: boolean) {
  const what = `${asset.name} (${asset.inventoryNumber})`;
  return cancelled
    ? {
        kind: BORROWER_ERASED_NOTICE.cancelled,
        title: `Booking cancelled: ${asset.name}`,
        body: `The booking of ${what} from ${loan.startDate} to ${loan.endDate} was cancelled because the borrower's personal data was erased. The asset is free for those dates again.`,
      }
    : {
        kind: BORROWER_ERASED_NOTICE.stillOut,
        title: `Borrower erased: ${asset.name}`,
        body: `The borrower of ${what}, due back on ${loan.endDate}, had their personal data erased. The loan stays open until the asset comes back; record its return as usual.`,
      };
}

/**
 * Spec 001's erasure meets the lending loop. The erased borrower's requests and bookings (pending or approved) are
 * cancelled, which frees the asset for their dates, and whoever decides the loan (its approver, else the asset
 * managers, else the admins) is told in the app and by e-mail, naming the asset and never the borrower. A loan
 * already picked up stays open: the asset is physically out and must still be returned; the same people are told.
 * The borrower's free text (purpose) and the reason written to them go from all their loans first, so no audit
 * entry of the cancellation repeats it; the loans keep the closed, anonymised account as their requester.
 */
export async function releaseErasedBorrowerLoans(tx: Tx, ctx: ReleaseContext, requesterIds: string[]): Promise<ReleasedLoans> {
  const released: ReleasedLoans = { cancelledLoans: 0, activeLoansKept: 0 };
  if (requesterIds.length === 0) return released;
  const theirs = and(eq(loans.organisationId, ctx.organisationId), inArray(loans.requesterId, requesterIds));
  await tx
    .update(loans)
    .set({ purpose: ERASED_TEXT, rejectionReason: sql`case when ${loans.rejectionReason} is null then null else ${ERASED_TEXT} end` })
    .where(and(theirs, sql`(${loans.purpose} <> ${ERASED_TEXT} or ${loans.rejectionReason} <> ${ERASED_TEXT})`));
  const open = await tx
    .select({ loan: loanColumns, asset: { name: assets.name, inventoryNumber: assets.inventoryNumber } })
    .from(loans)
    .innerJoin(assets, and(eq(assets.organisationId, loans.organisationId), eq(assets.id, loans.assetId)))
    .where(and(theirs, inArray(loans.status, ['PENDING_APPROVAL', 'APPROVED', 'ACTIVE'])))
    .orderBy(loans.startDate, loans.id)
    .for('update', { of: loans });

  const emails: EmailMessage[] = [];
  for (const { loan, asset } of open) {
    const cancelled = loan.status !== 'ACTIVE';
    const told = cancelled ? await applyLoanTransition(tx, ctx, loan, 'cancelForErasure', { cancelledAt: ctx.now, extensionRequestedEndDate: null }) : loan;
    if (cancelled) released.cancelledLoans += 1;
    else released.activeLoansKept += 1;
    const notice = inAppNotice(told, asset, cancelled);
    for (const recipient of await approverRecipients(tx, ctx.organisationId, loan.approverId, loan.requesterId)) {
      await createNotification(tx, ctx.organisationId, { userId: recipient.id, ...notice, loanId: loan.id });
      if (!recipient.email) continue;
      emails.push({
        template: BORROWER_ERASED_TEMPLATE,
        to: recipient.email,
        idempotencyKey: `${BORROWER_ERASED_TEMPLATE}:${loan.id}:${recipient.id}`,
        data: { loanId: loan.id, assetName: asset.name, assetInventoryNumber: asset.inventoryNumber, startDate: told.startDate, endDate: told.endDate, outcome: cancelled ? 'cancelled' : 'still_out', recipientName: recipient.name },
      });
    }
  }
  await enqueueEmails(tx, ctx, emails);
  return released;
}
