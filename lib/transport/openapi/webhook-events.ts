import type { OpenAPIRegistry, ZodOpenAPIMetadata } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { WEBHOOK_MAX_ATTEMPTS } from '@/lib/platform/jobs/deliver-webhooks';
import { AssetEventData, LoanEventData } from '@/lib/lending/webhook-event-data';
import { eventEnvelope, TestEventData, WEBHOOK_TEST_EVENT, webhookEventDescriptions, webhookEventTypes } from '@/lib/platform/webhooks/event-types';
import { WEBHOOK_TIMEOUT_MS } from '@/lib/platform/webhooks/post-webhook';
import { nameSchema } from './name-schema';

const tag = 'Webhooks';

const signatureHeaders = z.object({
  'webhook-id': z.string().describe('The event id: the same on every attempt and redelivery of one event, so a receiver can drop duplicates.'),
  'webhook-timestamp': z.string().regex(/^\d+$/).describe('When this attempt was sent, in Unix epoch seconds. Refuse a request more than 5 minutes away from your clock.'),
  'webhook-signature': z
    .string()
    .describe(
      'Space-separated `v1,<base64>` signatures: HMAC-SHA256, keyed with the base64-decoded part of the secret after `whsec_`, over `<webhook-id>.<webhook-timestamp>.<raw body>`. One per active secret: during the 24 hours after a rotation there are two, and either may match.',
    ),
});

const retrySchedule = `Delivery: POST with a JSON body, ${WEBHOOK_TIMEOUT_MS / 1000} s time limit, no redirects followed. Any 2xx answer acknowledges it; anything else (including 3xx), a timeout or a network error is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h (checked every minute): ${WEBHOOK_MAX_ATTEMPTS} attempts in all, then the delivery has FAILED and an admin can redeliver it.`;

/**
 * The events Quartermaster POSTs to an integrator's endpoints (the document's `webhooks`): not operations of the
 * API, so they have no place in lib/transport/operations; the endpoints that manage them are in
 * lib/transport/operations/platform/webhook-endpoints.ts.
 */
export function registerWebhookEvents(registry: OpenAPIRegistry): void {
  const named = <T extends z.ZodType>(refId: string, schema: T, metadata: Partial<ZodOpenAPIMetadata> = {}): T => registry.register(refId, nameSchema(refId, schema, metadata));
  const loanData = named('WebhookLoanEventData', LoanEventData, { description: "The loan after the change: the API's Loan without purpose and rejectionReason (read those with GET /v1/loans/{id})." });
  const assetData = named('WebhookAssetEventData', AssetEventData, { description: 'The asset after the change (asset.deleted: before it).' });
  const testData = named('WebhookTestEventData', TestEventData);
  const events = [
    ...webhookEventTypes.map((type) => ({ type, description: webhookEventDescriptions[type], data: type.startsWith('loan.') ? loanData : assetData })),
    { type: WEBHOOK_TEST_EVENT, description: 'Sent by POST /v1/webhook-endpoints/{id}/test, to that endpoint only.', data: testData },
  ];
  for (const event of events) {
    const refId = `WebhookEvent_${event.type.replace('.', '_')}`;
    registry.registerWebhook({
      method: 'post',
      path: event.type,
      operationId: `webhook_${event.type.replace('.', '_')}`,
      summary: event.type,
      description: `${event.description}\n\n${retrySchedule}`,
      tags: [tag],
      security: [],
      request: {
        headers: signatureHeaders,
        body: { required: true, content: { 'application/json': { schema: named(refId, eventEnvelope(z.literal(event.type), event.data)) } } },
      },
      responses: {
        200: { description: 'Any 2xx acknowledges the delivery.' },
        500: { description: 'Any other answer (or none within the time limit) is retried.' },
      },
    });
  }
}
