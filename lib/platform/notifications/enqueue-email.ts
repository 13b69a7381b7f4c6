import type { Executor } from '@/db/client';
import { dispatchEvent } from '@/lib/platform/jobs/dispatch-event';
import { outbox } from '@/db/schema';
import { type EmailTemplateName, ownRequestTemplates } from './email-templates';
import { findSilencedAddresses } from './reachable-recipients';

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

/** Written in the caller's transaction (DESIGN.md invariant 5); delivery is the deliver-outbox job's. False when not written. */
export async function enqueueEmail(tx: Executor, ctx: OutboxContext, message: EmailMessage): Promise<boolean> {
  return (await enqueueEmails(tx, ctx, [message])).length > 0;
}

/**
 * Several e-mails of one change (a request told to every asset manager) in one statement. Every e-mail passes
 * here, so none reaches a user whose processing is restricted (spec 001) or who turned e-mail off; returns the
 * addresses written (a key already in the outbox counts as written). `nextAttemptAt` lets a job make what it
 * writes due by its own clock. The one exception is an answer to the recipient's own data-subject request
 * (ownRequestTemplates). A future marketing sender must also skip persons with preferences.marketingOptOut.
 */
export async function enqueueEmails(tx: Executor, ctx: OutboxContext, messages: EmailMessage[], options: { nextAttemptAt?: Date } = {}): Promise<string[]> {
  const checked = messages.filter((message) => !ownRequestTemplates.has(message.template));
  const silenced = await findSilencedAddresses(tx, ctx.organisationId, checked.map((message) => message.to));
  const sendable = messages.filter((message) => ownRequestTemplates.has(message.template) || !silenced.has(message.to.toLowerCase()));
  if (sendable.length === 0) return [];
  await tx
    .insert(outbox)
    .values(
      sendable.map((message) => ({
        organisationId: ctx.organisationId,
        kind: 'EMAIL',
        idempotencyKey: message.idempotencyKey,
        payload: { template: message.template, to: message.to, data: message.data },
        ...(options.nextAttemptAt ? { nextAttemptAt: options.nextAttemptAt } : {}),
      })),
    )
    .onConflictDoNothing();
  ctx.afterCommit?.(() => dispatchEvent(OUTBOX_ENQUEUED_EVENT));
  return sendable.map((message) => message.to);
}
