import { z } from 'zod';
import type { Executor } from '@/db/client';
import { outbox } from '@/db/schema';
import { dispatchEvent } from '@/lib/platform/jobs/dispatch-event';
import { OUTBOX_ENQUEUED_EVENT, type OutboxContext } from '@/lib/platform/notifications/enqueue-email';

/** Outbox kind of "a loan request was filed": one row per request, fanned out to the approvers at delivery. */
export const LOAN_REQUESTED_KIND = 'LOAN_REQUESTED';

export const LoanRequestedPayload = z.object({ loanId: z.uuid() });
export type LoanRequestedPayload = z.infer<typeof LoanRequestedPayload>;

/**
 * One outbox row per request, whatever the number of approvers: who they are, which of them may be e-mailed
 * and what each is told is decided by the deliver-outbox job (lib/lending/jobs/fan-out-loan-request.ts), outside the
 * request. Written in the request's transaction (DESIGN.md invariant 5), so a request that rolls back tells
 * nobody.
 */
export async function enqueueLoanRequested(tx: Executor, ctx: OutboxContext, loanId: string): Promise<void> {
  const payload: LoanRequestedPayload = { loanId };
  await tx.insert(outbox).values({ organisationId: ctx.organisationId, kind: LOAN_REQUESTED_KIND, idempotencyKey: `loan-requested:${loanId}`, payload }).onConflictDoNothing();
  ctx.afterCommit?.(() => dispatchEvent(OUTBOX_ENQUEUED_EVENT));
}
