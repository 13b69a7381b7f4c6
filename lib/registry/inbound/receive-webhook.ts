import type { Executor } from '@/db/client';
import { registryWebhookDeliveries } from '@/db/schema';
import { type RejectedWebhook, verifyWebhook } from './verify-webhook';
import type { RegistryWebhookPayload } from './webhook-payload';

export type ReceiveWebhookInput = { rawBody: string; headerSignature: string | null; secrets: readonly string[]; now: Date };
export type ReceiveWebhookResult =
  | { outcome: 'accepted'; deliveryId: string; process: boolean }
  | { outcome: 'duplicate' }
  | { outcome: 'rejected'; reason: RejectedWebhook['reason'] };

function subjectOf(payload: RegistryWebhookPayload): { registryPersonId: string | null; subjectId: string | null; submissionId: string | null } {
  if ('personId' in payload) return { registryPersonId: payload.personId, subjectId: null, submissionId: payload.submissionId ?? null };
  if ('organizationId' in payload) return { registryPersonId: null, subjectId: payload.organizationId, submissionId: payload.submissionId ?? null };
  return { registryPersonId: null, subjectId: `${payload.codelist}:${payload.valueCode}`, submissionId: null };
}

/**
 * Verifies and records one delivery; the processing itself is the process-registry-webhooks job's. A delivery
 * seen before (same deliveryId, or same canonical payload without one) is acknowledged and not recorded again.
 * Person events are processed by process-registry-webhooks, organisation and code-list events by
 * process-registry-data-webhooks; both jobs listen to the same event.
 * Refusals are recorded too (event name and reason only; the body is never stored or logged), since the audit
 * log belongs to a tenant and a forged delivery has none.
 */
export async function receiveWebhook(db: Executor, input: ReceiveWebhookInput): Promise<ReceiveWebhookResult> {
  const verified = verifyWebhook(input);
  if (!verified.ok) {
    await db.insert(registryWebhookDeliveries).values({ status: 'rejected', event: verified.event, outcome: verified.reason, receivedAt: input.now, processedAt: input.now });
    return { outcome: 'rejected', reason: verified.reason };
  }
  const { payload } = verified;
  const [row] = await db
    .insert(registryWebhookDeliveries)
    .values({
      deliveryKey: verified.deliveryKey,
      event: payload.event,
      ...subjectOf(payload),
      changedFields: payload.changedFields,
      eventTimestamp: new Date(payload.timestamp),
      status: 'received',
      secretIndex: verified.secretIndex,
      nextAttemptAt: input.now,
      receivedAt: input.now,
    })
    .onConflictDoNothing({ target: registryWebhookDeliveries.deliveryKey })
    .returning({ id: registryWebhookDeliveries.id });
  if (!row) return { outcome: 'duplicate' };
  return { outcome: 'accepted', deliveryId: row.id, process: true };
}
