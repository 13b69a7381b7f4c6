import type { Executor } from '@/db/client';
import { dispatchEvent } from '@/lib/jobs/dispatch-event';
import { outbox } from '@/db/schema';
import type { EmailTemplateName } from './email-templates';

export type EmailMessage = {
  template: EmailTemplateName;
  to: string;
  /** Template data; rendered at delivery with the tenant's current branding. */
  data: Record<string, unknown>;
  /** Same key, same e-mail: a retried job or transition never mails twice. */
  idempotencyKey: string;
};

export type OutboxContext = { organisationId: string; afterCommit?: (fn: () => void) => void };

export const OUTBOX_ENQUEUED_EVENT = 'quartermaster/outbox.enqueued';

/** Written in the caller's transaction (DESIGN.md invariant 5); delivery is the deliver-outbox job's. */
export async function enqueueEmail(tx: Executor, ctx: OutboxContext, message: EmailMessage): Promise<void> {
  await enqueueEmails(tx, ctx, [message]);
}

/** Several e-mails of one change (a request told to every asset manager) in one statement. */
export async function enqueueEmails(tx: Executor, ctx: OutboxContext, messages: EmailMessage[]): Promise<void> {
  if (messages.length === 0) return;
  await tx
    .insert(outbox)
    .values(
      messages.map((message) => ({
        organisationId: ctx.organisationId,
        kind: 'EMAIL',
        idempotencyKey: message.idempotencyKey,
        payload: { template: message.template, to: message.to, data: message.data },
      })),
    )
    .onConflictDoNothing();
  ctx.afterCommit?.(() => dispatchEvent(OUTBOX_ENQUEUED_EVENT));
}
