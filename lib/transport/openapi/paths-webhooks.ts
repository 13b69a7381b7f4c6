import type { OpenAPIRegistry, ZodOpenAPIMetadata } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { pageSchema } from '@/lib/platform/pagination';
import { WEBHOOK_DELIVERY_LOG_DAYS, WEBHOOK_MAX_ATTEMPTS } from '@/lib/platform/jobs/deliver-webhooks';
import { AssetEventData, LoanEventData } from '@/lib/lending/webhook-event-data';
import { eventEnvelope, TestEventData, WEBHOOK_TEST_EVENT, webhookEventDescriptions, webhookEventTypes } from '@/lib/platform/webhooks/event-types';
import { WEBHOOK_TIMEOUT_MS } from '@/lib/platform/webhooks/post-webhook';
import * as webhook from '@/lib/platform/webhooks/schemas';
import { nameSchema } from './name-schema';
import { registerTenantOperation } from './register-tenant-operation';

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

function registerWebhookEvents(registry: OpenAPIRegistry) {
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

export function registerWebhookPaths(registry: OpenAPIRegistry): void {
  const named = <T extends z.ZodType>(refId: string, schema: T, metadata: Partial<ZodOpenAPIMetadata> = {}): T => registry.register(refId, nameSchema(refId, schema, metadata));
  const endpoint = named('WebhookEndpoint', webhook.WebhookEndpoint, { description: "An integrator's endpoint for outbound webhooks; its secret is never shown again after creation or rotation." });
  const endpointWithSecret = named('WebhookEndpointWithSecret', webhook.WebhookEndpointWithSecret);
  const delivery = named('WebhookDelivery', webhook.WebhookDelivery, { description: `One event for one endpoint and its attempts; kept ${WEBHOOK_DELIVERY_LOG_DAYS} days after it finished.` });
  const endpointPage = named('WebhookEndpointPage', pageSchema(endpoint), { description: 'One page of webhook endpoints, oldest first.' });
  const deliveryPage = named('WebhookDeliveryPage', pageSchema(delivery), { description: 'One page of deliveries, newest first.' });
  const createBody = named('CreateWebhookEndpointBody', webhook.CreateWebhookEndpointBody);
  const updateBody = named('UpdateWebhookEndpointBody', webhook.UpdateWebhookEndpointBody, { minProperties: 1 });
  const base = { tag, role: 'ADMIN' as const };
  const item = '/v1/webhook-endpoints/{id}';
  const guard =
    'The URL must pass the SSRF guard: in production https only, and every address its host resolves to public (no private, loopback, link-local, CGNAT, multicast, documentation or other internal IPv4 and IPv6 range, including IPv4-mapped IPv6). A refusal is 400 VALIDATION_ERROR on `url` with `details.issues[0].code` one of invalid_url, https_required, credentials_in_url, private_address, unresolvable_host.';

  registerTenantOperation(registry, { ...base, method: 'get', path: '/v1/webhook-endpoints', operationId: 'listWebhookEndpoints', summary: 'List webhook endpoints', query: webhook.ListWebhookEndpointsQuery, success: { status: 200, description: 'One page of endpoints.', schema: endpointPage } });
  registerTenantOperation(registry, {
    ...base,
    method: 'post',
    path: '/v1/webhook-endpoints',
    operationId: 'createWebhookEndpoint',
    summary: 'Register a webhook endpoint',
    description: `Registers an endpoint for the events it names and answers with its signing secret (\`secret\`), which is shown this once. ${guard} At most ${webhook.MAX_WEBHOOK_ENDPOINTS} endpoints per organisation. Records WEBHOOK_ENDPOINT_CREATED.`,
    body: createBody,
    success: { status: 201, description: 'The endpoint with its secret; Location points to it.', schema: endpointWithSecret },
    errors: ['WEBHOOK_ENDPOINT_LIMIT'],
  });
  registerTenantOperation(registry, { ...base, method: 'get', path: item, operationId: 'getWebhookEndpoint', summary: 'Get a webhook endpoint', params: webhook.WebhookEndpointIdParams, success: { status: 200, description: 'The endpoint (never its secret).', schema: endpoint }, errors: ['WEBHOOK_ENDPOINT_NOT_FOUND'] });
  registerTenantOperation(registry, {
    ...base,
    method: 'patch',
    path: item,
    operationId: 'updateWebhookEndpoint',
    summary: 'Update a webhook endpoint',
    description: `Changes the URL, description, events or enabled flag; the secret stays. A disabled endpoint receives nothing: its due deliveries fail unsent. ${guard} Records WEBHOOK_ENDPOINT_UPDATED.`,
    params: webhook.WebhookEndpointIdParams,
    body: updateBody,
    success: { status: 200, description: 'The endpoint after the change.', schema: endpoint },
    errors: ['WEBHOOK_ENDPOINT_NOT_FOUND'],
  });
  registerTenantOperation(registry, { ...base, method: 'delete', path: item, operationId: 'deleteWebhookEndpoint', summary: 'Delete a webhook endpoint', description: 'Deletes the endpoint with its delivery log; pending deliveries are not sent. Records WEBHOOK_ENDPOINT_DELETED.', params: webhook.WebhookEndpointIdParams, success: { status: 204, description: 'Deleted; no body.' }, errors: ['WEBHOOK_ENDPOINT_NOT_FOUND'] });
  registerTenantOperation(registry, {
    ...base,
    method: 'post',
    path: `${item}/rotate-secret`,
    operationId: 'rotateWebhookSecret',
    summary: 'Rotate the signing secret',
    description:
      'A new secret, shown this once. For 24 hours (previousSecretExpiresAt) every webhook carries two signatures, one per secret, so the receiver can switch to the new secret at its own pace; then the old secret is dropped. Rotating again within the 24 hours drops the older secret at once. Records WEBHOOK_ENDPOINT_SECRET_ROTATED.',
    params: webhook.WebhookEndpointIdParams,
    success: { status: 200, description: 'The endpoint with its new secret.', schema: endpointWithSecret },
    errors: ['WEBHOOK_ENDPOINT_NOT_FOUND'],
  });
  registerTenantOperation(registry, {
    ...base,
    method: 'post',
    path: `${item}/test`,
    operationId: 'sendTestWebhook',
    summary: 'Send a test event',
    description: `Queues a \`${WEBHOOK_TEST_EVENT}\` event for this endpoint alone, delivered and signed like any other.`,
    params: webhook.WebhookEndpointIdParams,
    success: { status: 202, description: 'The queued delivery; Location points to it.', schema: delivery },
    errors: ['WEBHOOK_ENDPOINT_NOT_FOUND', 'WEBHOOK_ENDPOINT_DISABLED'],
  });
  registerTenantOperation(registry, {
    ...base,
    method: 'get',
    path: `${item}/deliveries`,
    operationId: 'listWebhookDeliveries',
    summary: 'List the delivery log',
    description: `The endpoint's deliveries, newest first, each with its attempts (time, HTTP status or error, duration). No headers and no secrets. Finished deliveries are kept ${WEBHOOK_DELIVERY_LOG_DAYS} days.`,
    params: webhook.WebhookEndpointIdParams,
    query: webhook.ListWebhookDeliveriesQuery,
    success: { status: 200, description: 'One page of deliveries.', schema: deliveryPage },
    errors: ['WEBHOOK_ENDPOINT_NOT_FOUND'],
  });
  registerTenantOperation(registry, { ...base, method: 'get', path: `${item}/deliveries/{deliveryId}`, operationId: 'getWebhookDelivery', summary: 'Get a delivery', params: webhook.WebhookDeliveryParams, success: { status: 200, description: 'The delivery with its attempts.', schema: delivery }, errors: ['WEBHOOK_ENDPOINT_NOT_FOUND', 'WEBHOOK_DELIVERY_NOT_FOUND'] });
  registerTenantOperation(registry, {
    ...base,
    method: 'post',
    path: `${item}/deliveries/{deliveryId}/redeliver`,
    operationId: 'redeliverWebhook',
    summary: 'Redeliver',
    description: 'Sends a DELIVERED or FAILED delivery again as a new delivery (redeliveryOf names the old one) with a fresh set of attempts: the same body and webhook-id, a new timestamp and signature. Records WEBHOOK_REDELIVERY_REQUESTED.',
    params: webhook.WebhookDeliveryParams,
    success: { status: 202, description: 'The new delivery; Location points to it.', schema: delivery },
    errors: ['WEBHOOK_ENDPOINT_NOT_FOUND', 'WEBHOOK_DELIVERY_NOT_FOUND', 'WEBHOOK_ENDPOINT_DISABLED', 'WEBHOOK_DELIVERY_PENDING'],
  });
  registerWebhookEvents(registry);
}
