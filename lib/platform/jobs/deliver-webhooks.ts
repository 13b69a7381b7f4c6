import { and, eq, lt, lte, ne, sql } from 'drizzle-orm';
import { rowsOf } from '@/db/client';
import { webhookDeliveries, webhookDeliveryAttempts, webhookEndpoints } from '@/db/schema';
import type { FieldEncryption } from '@/lib/platform/crypto/field-encryption';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';
import { notifyWebhookFailed } from '@/lib/platform/webhooks/notify-webhook-failed';
import { postWebhook } from '@/lib/platform/webhooks/post-webhook';
import type { ResolveHost, WebhookTargetPolicy } from '@/lib/platform/webhooks/target-policy';
import { openWebhookSecret, signWebhook } from '@/lib/platform/webhooks/webhook-secret';
import { describeError, type DueItem, findDueItems, type JobDeps } from './job-deps';
import { steppedRetryDelayMs } from './retry-schedule';

export type DeliverWebhooksDeps = Pick<JobDeps, 'db' | 'now' | 'log'> & {
  /** The SSRF guard's rules (lib/platform/webhooks/target-policy.ts), applied again at every attempt. */
  targetPolicy: WebhookTargetPolicy;
  encryption?: FieldEncryption;
  resolve?: ResolveHost;
  timeoutMs?: number;
};
export type DeliverWebhooksResult = { delivered: number; retried: number; failed: number };

// Standard Webhooks' suggested schedule: at once, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h after each
// failure; eight attempts over about 28 hours, then the delivery has failed (an admin can redeliver it).
const RETRY_DELAYS_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000, 10 * 3_600_000];
export const WEBHOOK_MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** The pause after the given number of failed attempts. */
export function webhookRetryDelayMs(failedAttempts: number): number {
  return steppedRetryDelayMs(RETRY_DELAYS_MS, failedAttempts);
}
// A claimed delivery is invisible to other runners this long, well beyond one attempt's time limit; a runner
// that dies mid-send leaves it to be sent again after the lease (at least once, same webhook-id).
const CLAIM_LEASE_MS = 2 * 60_000;
/** Finished deliveries stay in the log this long. */
export const WEBHOOK_DELIVERY_LOG_DAYS = 30;
const MAX_BATCHES_PER_RUN = 20;
const PARALLEL_SENDS = 8;

type Claimed = { id: string; endpointId: string; eventId: string; payload: Record<string, unknown>; attempts: number; url: string; secrets: string[] };
type Outcome = 'delivered' | 'retried' | 'failed' | 'skipped';

const pendingDelivery = (item: DueItem) => and(eq(webhookDeliveries.organisationId, item.organisationId), eq(webhookDeliveries.id, item.id), eq(webhookDeliveries.status, 'PENDING'));
const endpointEnabled = sql`exists (select 1 from webhook_endpoints e where e.organisation_id = webhook_deliveries.organisation_id and e.id = webhook_deliveries.endpoint_id and e.enabled)`;

/**
 * The atomic claim: of two runners racing for one delivery, exactly one gets it. A due delivery of a disabled
 * endpoint fails at once, unsent. The secrets are decrypted here, in the tenant's transaction: the current one,
 * and the previous one while its overlap lasts.
 */
async function claimDelivery(deps: DeliverWebhooksDeps, item: DueItem, now: Date): Promise<Claimed | 'disabled' | null> {
  return withTenant(deps.db, item.organisationId, async (tx) => {
    const due = and(pendingDelivery(item), lte(webhookDeliveries.nextAttemptAt, now));
    const [claimed] = await tx
      .update(webhookDeliveries)
      .set({ attempts: sql`${webhookDeliveries.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS) })
      .where(and(due, endpointEnabled))
      .returning({ id: webhookDeliveries.id, endpointId: webhookDeliveries.endpointId, eventId: webhookDeliveries.eventId, payload: webhookDeliveries.payload, attempts: webhookDeliveries.attempts });
    if (!claimed) {
      const disabled = await tx.update(webhookDeliveries).set({ status: 'FAILED', lastError: 'The endpoint is disabled; nothing was sent.' }).where(and(due, sql`not ${endpointEnabled}`)).returning({ id: webhookDeliveries.id });
      return disabled.length > 0 ? 'disabled' : null;
    }
    const [endpoint] = await tx
      .select({ url: webhookEndpoints.url, secret: webhookEndpoints.secret, previousSecret: webhookEndpoints.previousSecret, previousSecretExpiresAt: webhookEndpoints.previousSecretExpiresAt })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.organisationId, item.organisationId), eq(webhookEndpoints.id, claimed.endpointId)));
    const secrets = [await openWebhookSecret(tx, item.organisationId, endpoint!.secret, deps.encryption)];
    if (endpoint!.previousSecret && endpoint!.previousSecretExpiresAt && endpoint!.previousSecretExpiresAt > now) {
      secrets.push(await openWebhookSecret(tx, item.organisationId, endpoint!.previousSecret, deps.encryption));
    }
    return { ...claimed, url: endpoint!.url, secrets };
  });
}

type Attempt = { responseStatus: number | null; error: string | null; durationMs: number };

// Outside any transaction: a slow receiver must not hold a connection or row locks.
async function attempt(deps: DeliverWebhooksDeps, delivery: Claimed): Promise<Attempt> {
  const { type, timestamp, data } = delivery.payload;
  const body = JSON.stringify({ type, timestamp, data });
  // The header states when this request is sent (receivers refuse stale ones), by the wall clock; the job's
  // clock only decides what is due.
  const headers = signWebhook(delivery.eventId, new Date(), body, delivery.secrets);
  const started = performance.now();
  try {
    const { status } = await postWebhook(delivery.url, headers, body, { policy: deps.targetPolicy, resolve: deps.resolve, timeoutMs: deps.timeoutMs });
    const ok = status >= 200 && status < 300;
    return { responseStatus: status, error: ok ? null : `The endpoint answered ${status}${status >= 300 && status < 400 ? ' (redirects are not followed)' : ''}.`, durationMs: Math.round(performance.now() - started) };
  } catch (error) {
    return { responseStatus: null, error: describeError(error), durationMs: Math.round(performance.now() - started) };
  }
}

async function settle(deps: DeliverWebhooksDeps, item: DueItem, delivery: Claimed, result: Attempt, now: Date): Promise<Outcome> {
  const delivered = result.error === null;
  const gaveUp = !delivered && delivery.attempts >= WEBHOOK_MAX_ATTEMPTS;
  await withTenant(deps.db, item.organisationId, async (tx) => {
    await tx.insert(webhookDeliveryAttempts).values({ organisationId: item.organisationId, deliveryId: delivery.id, attemptedAt: now, ...result });
    const last = { lastAttemptAt: now, lastResponseStatus: result.responseStatus, lastError: result.error };
    const settled = await tx
      .update(webhookDeliveries)
      .set(delivered ? { ...last, status: 'DELIVERED', deliveredAt: now } : gaveUp ? { ...last, status: 'FAILED' } : { ...last, nextAttemptAt: new Date(now.getTime() + webhookRetryDelayMs(delivery.attempts)) })
      .where(pendingDelivery(item))
      .returning({ id: webhookDeliveries.id });
    if (gaveUp && settled.length > 0) await notifyWebhookFailed(tx, item.organisationId, delivery.endpointId, delivery.attempts);
  });
  if (gaveUp) deps.log?.warn(`[quartermaster] webhook delivery ${delivery.id} to endpoint ${delivery.endpointId} failed for good after ${delivery.attempts} attempts: ${result.error}`);
  return delivered ? 'delivered' : gaveUp ? 'failed' : 'retried';
}

async function deliver(deps: DeliverWebhooksDeps, item: DueItem): Promise<Outcome> {
  const claimed = await claimDelivery(deps, item, deps.now());
  if (claimed === null) return 'skipped';
  if (claimed === 'disabled') return 'failed';
  const result = await attempt(deps, claimed);
  return settle(deps, item, claimed, result, deps.now());
}

/** Drops rotated-out secrets whose overlap has ended and finished deliveries older than the log keeps. */
async function houseKeep(deps: DeliverWebhooksDeps, now: Date): Promise<void> {
  const purgeBefore = new Date(now.getTime() - WEBHOOK_DELIVERY_LOG_DAYS * 24 * 3_600_000);
  const tenants = rowsOf<{ organisation_id: string }>(
    await deps.db.execute(sql`select organisation_id from app_webhook_housekeeping_tenants(${now.toISOString()}::timestamptz, ${purgeBefore.toISOString()}::timestamptz)`),
  );
  for (const { organisation_id: organisationId } of tenants) {
    await withTenant(deps.db, organisationId, async (tx) => {
      await tx
        .update(webhookEndpoints)
        .set({ previousSecret: null, previousSecretExpiresAt: null })
        .where(and(eq(webhookEndpoints.organisationId, organisationId), lte(webhookEndpoints.previousSecretExpiresAt, now)));
      await tx
        .delete(webhookDeliveries)
        .where(and(eq(webhookDeliveries.organisationId, organisationId), ne(webhookDeliveries.status, 'PENDING'), lt(webhookDeliveries.createdAt, purgeBefore)));
    });
  }
}

/**
 * Posts due webhooks, at least once (DESIGN.md invariant 5): claim under a lease, sign with the endpoint's
 * active secrets (Standard Webhooks), post through the SSRF guard, record the attempt, then mark the delivery
 * delivered (2xx), schedule the next attempt, or give up after WEBHOOK_MAX_ATTEMPTS.
 */
export async function deliverWebhooks(deps: DeliverWebhooksDeps, options: { limit?: number } = {}): Promise<DeliverWebhooksResult> {
  const limit = options.limit ?? 50;
  const result: DeliverWebhooksResult = { delivered: 0, retried: 0, failed: 0 };
  await houseKeep(deps, deps.now());
  for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch++) {
    const due = await findDueItems(deps.db, sql`select id, organisation_id from app_due_webhook_deliveries(${deps.now().toISOString()}::timestamptz, ${limit}::integer)`);
    for (let start = 0; start < due.length; start += PARALLEL_SENDS) {
      const outcomes = await Promise.all(
        due.slice(start, start + PARALLEL_SENDS).map((item) =>
          deliver(deps, item).catch((error: unknown): Outcome => {
            // A database error: the lease runs out and a later run picks the delivery up again.
            deps.log?.error(`[quartermaster] delivering webhook ${item.id} failed: ${describeError(error)}`);
            return 'skipped';
          }),
        ),
      );
      for (const outcome of outcomes) if (outcome !== 'skipped') result[outcome] += 1;
    }
    if (due.length < limit) break;
  }
  return result;
}
