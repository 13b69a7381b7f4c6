import { randomUUID } from 'node:crypto';
import type { Tx } from '@/db/client';
import { webhookDeliveries } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { recordAudit } from '@/lib/platform/audit/record-audit';
import { dispatchEvent } from '@/lib/platform/jobs/dispatch-event';
import { findWebhookDeliveryRow, toDeliveryDtos, webhookDeliveryColumns } from './delivery-store';
import { WEBHOOK_DELIVERY_ENQUEUED_EVENT } from './emit-webhook-event';
import { findWebhookEndpointRow } from './endpoint-store';
import { webhookDeliveryPending, webhookEndpointDisabled } from './errors';
import { WEBHOOK_TEST_EVENT, type WebhookPayload } from './event-types';
import type { WebhookDelivery } from './schemas';

async function enqueueDelivery(tx: Tx, ctx: RequestContext, values: { endpointId: string; eventId: string; eventType: string; payload: Record<string, unknown>; redeliveryOf?: string }): Promise<WebhookDelivery> {
  const [row] = await tx
    .insert(webhookDeliveries)
    .values({ ...values, organisationId: ctx.organisationId, nextAttemptAt: ctx.now, createdAt: ctx.now })
    .returning(webhookDeliveryColumns);
  ctx.afterCommit(() => dispatchEvent(WEBHOOK_DELIVERY_ENQUEUED_EVENT));
  const [delivery] = await toDeliveryDtos(tx, ctx.organisationId, [row!]);
  return delivery!;
}

/**
 * Sends a finished delivery again, as a new delivery with a fresh set of attempts: the same body and the same
 * webhook-id (a receiver that processed it already can tell), a new timestamp and signature.
 */
export async function redeliverWebhook(tx: Tx, ctx: RequestContext, endpointId: string, deliveryId: string): Promise<WebhookDelivery> {
  const endpoint = await findWebhookEndpointRow(tx, ctx.organisationId, endpointId);
  const original = await findWebhookDeliveryRow(tx, ctx.organisationId, endpointId, deliveryId);
  if (!endpoint.enabled) throw webhookEndpointDisabled(endpointId);
  if (original.status === 'PENDING') throw webhookDeliveryPending(deliveryId);
  const delivery = await enqueueDelivery(tx, ctx, { endpointId, eventId: original.eventId, eventType: original.eventType, payload: original.payload, redeliveryOf: original.id });
  await recordAudit(tx, ctx, { action: 'WEBHOOK_REDELIVERY_REQUESTED', targetType: 'WEBHOOK_ENDPOINT', targetId: endpointId, metadata: { deliveryId: delivery.id, redeliveryOf: original.id, eventType: original.eventType } });
  return delivery;
}

/** A webhook.test event to this one endpoint, whatever it subscribes to: checks the URL, TLS and signature handling. */
export async function sendTestWebhook(tx: Tx, ctx: RequestContext, endpointId: string): Promise<WebhookDelivery> {
  const endpoint = await findWebhookEndpointRow(tx, ctx.organisationId, endpointId);
  if (!endpoint.enabled) throw webhookEndpointDisabled(endpointId);
  const payload: WebhookPayload = { type: WEBHOOK_TEST_EVENT, timestamp: ctx.now.toISOString(), data: { endpointId, message: 'A test event from Quartermaster.' } };
  return enqueueDelivery(tx, ctx, { endpointId, eventId: randomUUID(), eventType: WEBHOOK_TEST_EVENT, payload });
}
