import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { assets, loans } from '@/db/schema';
import { LoanRequestedPayload } from '@/lib/lending/loans/loan-requested-event';
import { loanColumns } from '@/lib/lending/loans/loan-columns';
import { buildRequestEmails } from '@/lib/lending/loans/notify-loan';
import { InvalidEmailPayloadError } from '@/lib/platform/notifications/email-templates';
import { enqueueEmails } from '@/lib/platform/notifications/enqueue-email';

/**
 * Turns one "loan requested" outbox event into one e-mail per approver, resolved now: the loan's named approver,
 * else every active asset manager (else the admins), none pending registration. enqueueEmails leaves out those
 * whose processing is restricted or who turned e-mail off; an e-mail written before a restriction is held by the
 * delivery like any other. Each e-mail's key is (event's loan, approver), so a retried or repeated fan-out writes
 * nothing twice. A request no longer pending (cancelled, decided) asks nobody. The e-mails are due at `now`, so
 * the same delivery run sends them. Returns how many e-mails the event stands for.
 */
export async function fanOutLoanRequest(tx: Executor, organisationId: string, payload: unknown, now: Date): Promise<number> {
  const parsed = LoanRequestedPayload.safeParse(payload);
  if (!parsed.success) throw new InvalidEmailPayloadError('Invalid loan request event: no loan id');
  const [row] = await tx
    .select({ loan: loanColumns, asset: { name: assets.name, inventoryNumber: assets.inventoryNumber } })
    .from(loans)
    .innerJoin(assets, and(eq(assets.organisationId, loans.organisationId), eq(assets.id, loans.assetId)))
    .where(and(eq(loans.organisationId, organisationId), eq(loans.id, parsed.data.loanId)));
  if (!row || row.loan.status !== 'PENDING_APPROVAL') return 0;
  const messages = await buildRequestEmails(tx, organisationId, row.loan, row.asset);
  return (await enqueueEmails(tx, { organisationId }, messages, { nextAttemptAt: now })).length;
}
