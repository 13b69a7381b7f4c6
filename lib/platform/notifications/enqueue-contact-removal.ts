import { z } from 'zod';
import type { Executor } from '@/db/client';
import { outbox } from '@/db/schema';
import { dispatchEvent } from '@/lib/platform/jobs/dispatch-event';
import { OUTBOX_ENQUEUED_EVENT, type OutboxContext } from './enqueue-email';

/** The outbox kind of a contact removal at the e-mail provider; delivered by deliver-outbox like e-mails. */
export const CONTACT_REMOVAL_KIND = 'EMAIL_CONTACT_REMOVAL';

export const ContactRemovalPayload = z.object({ email: z.email() });

/**
 * Queues the removal of erased addresses at the e-mail provider (spec 001), in the erasure's transaction. One row
 * per address; the key makes a re-run of the erasure queue nothing twice. The payload is purged once delivered.
 */
export async function enqueueContactRemovals(tx: Executor, ctx: OutboxContext, removals: { email: string; idempotencyKey: string }[]): Promise<number> {
  if (removals.length === 0) return 0;
  const written = await tx
    .insert(outbox)
    .values(removals.map((removal) => ({ organisationId: ctx.organisationId, kind: CONTACT_REMOVAL_KIND, idempotencyKey: removal.idempotencyKey, payload: { email: removal.email } })))
    .onConflictDoNothing()
    .returning({ id: outbox.id });
  ctx.afterCommit?.(() => dispatchEvent(OUTBOX_ENQUEUED_EVENT));
  return written.length;
}
