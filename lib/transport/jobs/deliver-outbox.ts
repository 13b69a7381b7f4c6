import { and, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { outbox } from '@/db/schema';
import { type ContactRemovalOutcome, type EmailContactRemover, noContactRemover } from '@/lib/platform/notifications/contact-removal';
import { type EmailTenant, InvalidEmailPayloadError, isEmailTemplateName, parseEmailPayload, purgedAfterDeliveryTemplates } from '@/lib/platform/notifications/email-templates';
import { CONTACT_REMOVAL_KIND, ContactRemovalPayload } from '@/lib/platform/notifications/enqueue-contact-removal';
import { holdRestrictedEmails } from '@/lib/platform/notifications/hold-restricted-emails';
import { loadEmailTenant } from '@/lib/platform/notifications/load-email-tenant';
import { MailerError } from '@/lib/platform/notifications/mailer';
import { renderEmailPayload } from '@/lib/platform/notifications/render-email';
import { LOAN_REQUESTED_KIND } from '@/lib/lending/loans/loan-requested-event';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';
import { fanOutLoanRequest } from '@/lib/lending/jobs/fan-out-loan-request';
import { describeError, type DueItem, findDueItems, type JobDeps } from '@/lib/platform/jobs/job-deps';
import { exponentialRetryDelayMs } from '@/lib/platform/jobs/retry-schedule';

export type DeliverOutboxDeps = Pick<JobDeps, 'db' | 'mailer' | 'now' | 'emailFrom' | 'appBaseUrl' | 'log'> & {
  /** Forwards erasures to the e-mail provider; without one, contact removals are recorded as skipped. */
  contactRemover?: EmailContactRemover;
};
/** E-mails and contact removals; an event fanned out into e-mails counts only through those e-mails. */
export type DeliverOutboxResult = { sent: number; retried: number; failed: number; held: number };

// Eight attempts span about an hour of backoff, well inside the 24 hours for which Resend remembers an
// idempotency key, so a late retry of a message that did go out is still recognised as a duplicate.
export const OUTBOX_MAX_ATTEMPTS = 8;
// A claimed message is invisible to other runners this long. A runner that dies mid-send leaves it to be
// sent again after the lease, with the same idempotency key, so the provider drops the duplicate.
const CLAIM_LEASE_MS = 5 * 60_000;
const MAX_BATCHES_PER_RUN = 20;

/** 30 s after the first failed attempt, doubling, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return exponentialRetryDelayMs({ firstDelayMs: 30_000, maxDelayMs: 60 * 60_000 }, attempts);
}

type Claimed = { id: string; kind: string; idempotencyKey: string; payload: unknown; attempts: number; tenant: EmailTenant };
type Outcome = 'sent' | 'fannedOut' | 'retried' | 'failed' | 'skipped';

const pendingMessage = (item: DueItem) => and(eq(outbox.organisationId, item.organisationId), eq(outbox.id, item.id), eq(outbox.status, 'PENDING'));

/** The atomic claim: of two runners racing for one message, exactly one gets a row back. */
async function claimMessage(db: Database, item: DueItem, now: Date): Promise<Claimed | null> {
  return withTenant(db, item.organisationId, async (tx) => {
    const [message] = await tx
      .update(outbox)
      .set({ attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS) })
      .where(and(pendingMessage(item), lte(outbox.nextAttemptAt, now)))
      .returning({ id: outbox.id, kind: outbox.kind, idempotencyKey: outbox.idempotencyKey, payload: outbox.payload, attempts: outbox.attempts });
    if (!message) return null;
    const tenant = await loadEmailTenant(tx, item.organisationId);
    if (!tenant) throw new Error(`Organisation ${item.organisationId} of outbox message ${item.id} is not visible`);
    return { ...message, tenant };
  });
}

async function settle(db: Database, item: DueItem, values: Partial<typeof outbox.$inferInsert>): Promise<void> {
  await withTenant(db, item.organisationId, (tx) => tx.update(outbox).set(values).where(pendingMessage(item)));
}

type Delivered = { providerId: string | null; via: string; purgedPayload: Record<string, unknown> | null };

// Outside any transaction: a slow provider must not hold a connection or row locks.
async function sendEmail(deps: DeliverOutboxDeps, message: Claimed): Promise<Delivered> {
  const email = parseEmailPayload(message.payload);
  const rendered = await renderEmailPayload(email, message.tenant, { appBaseUrl: deps.appBaseUrl });
  const { id } = await deps.mailer.send({ from: deps.emailFrom, to: email.to, ...rendered, idempotencyKey: `outbox-${message.id}` });
  return { providerId: id, via: deps.mailer.via, purgedPayload: purgedAfterDeliveryTemplates.has(email.template) ? { purged: true, template: email.template } : null };
}

async function removeContact(deps: DeliverOutboxDeps, message: Claimed): Promise<Delivered> {
  const parsed = ContactRemovalPayload.safeParse(message.payload);
  if (!parsed.success) throw new InvalidEmailPayloadError('Invalid contact removal: no address');
  const outcome: ContactRemovalOutcome = await (deps.contactRemover ?? noContactRemover).removeContact(parsed.data.email);
  // The erased address goes; what the provider did stays as the record of the forwarding.
  return { providerId: null, via: outcome.status === 'skipped' ? 'skipped' : outcome.via, purgedPayload: { purged: true, kind: CONTACT_REMOVAL_KIND, outcome: outcome.status } };
}

// An event becomes e-mails in its tenant's transaction; the e-mails' own keys make a second fan-out of it (the
// lease ran out before it was settled) write nothing twice.
async function fanOut(deps: DeliverOutboxDeps, item: DueItem, message: Claimed): Promise<Delivered> {
  const emails = await withTenant(deps.db, item.organisationId, (tx) => fanOutLoanRequest(tx, item.organisationId, message.payload, deps.now()));
  return { providerId: null, via: `fan-out:${emails}`, purgedPayload: null };
}

// A message to an erased subject that can never be delivered keeps no address either.
function purgedOnFailure(message: Claimed): { payload?: Record<string, unknown> } {
  if (message.kind === CONTACT_REMOVAL_KIND) return { payload: { purged: true, kind: CONTACT_REMOVAL_KIND } };
  const template = (message.payload as { template?: unknown } | null)?.template;
  return isEmailTemplateName(template) && purgedAfterDeliveryTemplates.has(template) ? { payload: { purged: true, template } } : {};
}

async function deliverMessage(deps: DeliverOutboxDeps, item: DueItem): Promise<Outcome> {
  const message = await claimMessage(deps.db, item, deps.now());
  if (!message) return 'skipped';
  let delivered: Delivered;
  try {
    delivered =
      message.kind === LOAN_REQUESTED_KIND ? await fanOut(deps, item, message) : message.kind === CONTACT_REMOVAL_KIND ? await removeContact(deps, message) : await sendEmail(deps, message);
  } catch (error) {
    const permanent = error instanceof InvalidEmailPayloadError || (error instanceof MailerError && !error.retryable);
    const lastError = describeError(error);
    if (permanent || message.attempts >= OUTBOX_MAX_ATTEMPTS) {
      deps.log?.error(`[quartermaster] outbox ${message.id} (${message.idempotencyKey}) failed for good after ${message.attempts} attempt(s): ${lastError}`);
      await settle(deps.db, item, { status: 'FAILED', lastError, ...purgedOnFailure(message) });
      return 'failed';
    }
    const nextAttemptAt = new Date(deps.now().getTime() + retryDelayMs(message.attempts));
    await settle(deps.db, item, { nextAttemptAt, lastError });
    return 'retried';
  }
  await settle(deps.db, item, {
    status: 'SENT',
    sentAt: deps.now(),
    providerMessageId: delivered.providerId,
    deliveredVia: delivered.via,
    lastError: null,
    ...(delivered.purgedPayload ? { payload: delivered.purgedPayload } : {}),
  });
  return message.kind === LOAN_REQUESTED_KIND ? 'fannedOut' : 'sent';
}

/** Holds, per tenant and in one statement each, the batch's e-mails to persons whose processing is restricted. */
async function holdForRestriction(deps: DeliverOutboxDeps, due: DueItem[]): Promise<Set<string>> {
  const byTenant = new Map<string, string[]>();
  for (const item of due) byTenant.set(item.organisationId, [...(byTenant.get(item.organisationId) ?? []), item.id]);
  const held = new Set<string>();
  for (const [organisationId, ids] of byTenant) {
    for (const id of await withTenant(deps.db, organisationId, (tx) => holdRestrictedEmails(tx, organisationId, ids, deps.now()))) held.add(id);
  }
  return held;
}

/**
 * Delivers due outbox e-mails, at least once and idempotently (DESIGN.md invariant 5): claim under a lease,
 * render with the tenant's current branding, send, then record the outcome or schedule a retry. E-mails to a
 * person whose processing is restricted (spec 001) are held instead, neither attempted nor failed. Contact
 * removals at the e-mail provider (erasure, spec 001) travel the same way. An erased subject's address leaves
 * the outbox once delivered. A loan request's event is fanned out to its approvers' e-mails, which the same run
 * then sends.
 */
export async function deliverOutbox(deps: DeliverOutboxDeps, options: { limit?: number } = {}): Promise<DeliverOutboxResult> {
  const limit = options.limit ?? 50;
  const result: DeliverOutboxResult = { sent: 0, retried: 0, failed: 0, held: 0 };
  for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch++) {
    const due = await findDueItems(deps.db, sql`select id, organisation_id from app_due_outbox(${deps.now().toISOString()}::timestamptz, ${limit}::integer)`);
    const held = await holdForRestriction(deps, due);
    result.held += held.size;
    let fannedOut = 0;
    for (const item of due) {
      if (held.has(item.id)) continue;
      try {
        const outcome = await deliverMessage(deps, item);
        if (outcome === 'fannedOut') fannedOut += 1;
        else if (outcome !== 'skipped') result[outcome] += 1;
      } catch (error) {
        // A database error: the lease runs out and a later run picks the message up again.
        deps.log?.error(`[quartermaster] delivering outbox ${item.id} failed: ${describeError(error)}`);
      }
    }
    // The e-mails a fan-out just wrote are due: one more batch picks them up.
    if (due.length < limit && fannedOut === 0) break;
  }
  return result;
}
