import { pageSchema } from '@/lib/platform/pagination';
import { WEBHOOK_DELIVERY_LOG_DAYS } from '@/lib/platform/jobs/deliver-webhooks';
import { WEBHOOK_TEST_EVENT } from '@/lib/platform/webhooks/event-types';
import * as webhook from '@/lib/platform/webhooks/schemas';
import { defineOperation } from '../operation';
import { named } from '../named';

const tag = 'Webhooks';

const WebhookEndpoint = named('WebhookEndpoint', webhook.WebhookEndpoint, { description: "An integrator's endpoint for outbound webhooks; its secret is never shown again after creation or rotation." });
const WebhookEndpointWithSecret = named('WebhookEndpointWithSecret', webhook.WebhookEndpointWithSecret);
const WebhookDelivery = named('WebhookDelivery', webhook.WebhookDelivery, { description: `One event for one endpoint and its attempts; kept ${WEBHOOK_DELIVERY_LOG_DAYS} days after it finished.` });
const WebhookEndpointPage = named('WebhookEndpointPage', pageSchema(WebhookEndpoint), { description: 'One page of webhook endpoints, oldest first.' });
const WebhookDeliveryPage = named('WebhookDeliveryPage', pageSchema(WebhookDelivery), { description: 'One page of deliveries, newest first.' });
const CreateWebhookEndpointBody = named('CreateWebhookEndpointBody', webhook.CreateWebhookEndpointBody);
const UpdateWebhookEndpointBody = named('UpdateWebhookEndpointBody', webhook.UpdateWebhookEndpointBody, { minProperties: 1 });

const guard =
  'The URL must pass the SSRF guard: in production https only, and every address its host resolves to public (no private, loopback, link-local, CGNAT, multicast, documentation or other internal IPv4 and IPv6 range, including IPv4-mapped IPv6). A refusal is 400 VALIDATION_ERROR on `url` with `details.issues[0].code` one of invalid_url, https_required, credentials_in_url, private_address, unresolvable_host.';

export const listWebhookEndpoints = defineOperation({
  method: 'get',
  path: '/v1/webhook-endpoints',
  operationId: 'listWebhookEndpoints',
  summary: 'List webhook endpoints',
  tag,
  role: 'ADMIN',
  query: webhook.ListWebhookEndpointsQuery,
  success: { status: 200, description: 'One page of endpoints.', schema: WebhookEndpointPage },
});

export const createWebhookEndpoint = defineOperation({
  method: 'post',
  path: '/v1/webhook-endpoints',
  operationId: 'createWebhookEndpoint',
  summary: 'Register a webhook endpoint',
  description: `Registers an endpoint for the events it names and answers with its signing secret (\`secret\`), which is shown this once. ${guard} At most ${webhook.MAX_WEBHOOK_ENDPOINTS} endpoints per organisation. Records WEBHOOK_ENDPOINT_CREATED.`,
  tag,
  role: 'ADMIN',
  body: CreateWebhookEndpointBody,
  success: { status: 201, description: 'The endpoint with its secret; Location points to it.', schema: WebhookEndpointWithSecret },
  errors: ['WEBHOOK_ENDPOINT_LIMIT'],
});

export const getWebhookEndpoint = defineOperation({
  method: 'get',
  path: '/v1/webhook-endpoints/{id}',
  operationId: 'getWebhookEndpoint',
  summary: 'Get a webhook endpoint',
  tag,
  role: 'ADMIN',
  params: webhook.WebhookEndpointIdParams,
  success: { status: 200, description: 'The endpoint (never its secret).', schema: WebhookEndpoint },
  errors: ['WEBHOOK_ENDPOINT_NOT_FOUND'],
});

export const updateWebhookEndpoint = defineOperation({
  method: 'patch',
  path: '/v1/webhook-endpoints/{id}',
  operationId: 'updateWebhookEndpoint',
  summary: 'Update a webhook endpoint',
  description: `Changes the URL, description, events or enabled flag; the secret stays. A disabled endpoint receives nothing: its due deliveries fail unsent. ${guard} Records WEBHOOK_ENDPOINT_UPDATED.`,
  tag,
  role: 'ADMIN',
  params: webhook.WebhookEndpointIdParams,
  body: UpdateWebhookEndpointBody,
  success: { status: 200, description: 'The endpoint after the change.', schema: WebhookEndpoint },
  errors: ['WEBHOOK_ENDPOINT_NOT_FOUND'],
});

export const deleteWebhookEndpoint = defineOperation({
  method: 'delete',
  path: '/v1/webhook-endpoints/{id}',
  operationId: 'deleteWebhookEndpoint',
  summary: 'Delete a webhook endpoint',
  description: 'Deletes the endpoint with its delivery log; pending deliveries are not sent. Records WEBHOOK_ENDPOINT_DELETED.',
  tag,
  role: 'ADMIN',
  params: webhook.WebhookEndpointIdParams,
  success: { status: 204, description: 'Deleted; no body.' },
  errors: ['WEBHOOK_ENDPOINT_NOT_FOUND'],
});

export const rotateWebhookSecret = defineOperation({
  method: 'post',
  path: '/v1/webhook-endpoints/{id}/rotate-secret',
  operationId: 'rotateWebhookSecret',
  summary: 'Rotate the signing secret',
  description:
    'A new secret, shown this once. For 24 hours (previousSecretExpiresAt) every webhook carries two signatures, one per secret, so the receiver can switch to the new secret at its own pace; then the old secret is dropped. Rotating again within the 24 hours drops the older secret at once. Records WEBHOOK_ENDPOINT_SECRET_ROTATED.',
  tag,
  role: 'ADMIN',
  params: webhook.WebhookEndpointIdParams,
  success: { status: 200, description: 'The endpoint with its new secret.', schema: WebhookEndpointWithSecret },
  errors: ['WEBHOOK_ENDPOINT_NOT_FOUND'],
});

export const sendTestWebhook = defineOperation({
  method: 'post',
  path: '/v1/webhook-endpoints/{id}/test',
  operationId: 'sendTestWebhook',
  summary: 'Send a test event',
  description: `Queues a \`${WEBHOOK_TEST_EVENT}\` event for this endpoint alone, delivered and signed like any other.`,
  tag,
  role: 'ADMIN',
  params: webhook.WebhookEndpointIdParams,
  success: { status: 202, description: 'The queued delivery; Location points to it.', schema: WebhookDelivery },
  errors: ['WEBHOOK_ENDPOINT_NOT_FOUND', 'WEBHOOK_ENDPOINT_DISABLED'],
});

export const listWebhookDeliveries = defineOperation({
  method: 'get',
  path: '/v1/webhook-endpoints/{id}/deliveries',
  operationId: 'listWebhookDeliveries',
  summary: 'List the delivery log',
  description: `The endpoint's deliveries, newest first, each with its attempts (time, HTTP status or error, duration). No headers and no secrets. Finished deliveries are kept ${WEBHOOK_DELIVERY_LOG_DAYS} days.`,
  tag,
  role: 'ADMIN',
  params: webhook.WebhookEndpointIdParams,
  query: webhook.ListWebhookDeliveriesQuery,
  success: { status: 200, description: 'One page of deliveries.', schema: WebhookDeliveryPage },
  errors: ['WEBHOOK_ENDPOINT_NOT_FOUND'],
});

export const getWebhookDelivery = defineOperation({
  method: 'get',
  path: '/v1/webhook-endpoints/{id}/deliveries/{deliveryId}',
  operationId: 'getWebhookDelivery',
  summary: 'Get a delivery',
  tag,
  role: 'ADMIN',
  params: webhook.WebhookDeliveryParams,
  success: { status: 200, description: 'The delivery with its attempts.', schema: WebhookDelivery },
  errors: ['WEBHOOK_ENDPOINT_NOT_FOUND', 'WEBHOOK_DELIVERY_NOT_FOUND'],
});

export const redeliverWebhook = defineOperation({
  method: 'post',
  path: '/v1/webhook-endpoints/{id}/deliveries/{deliveryId}/redeliver',
  operationId: 'redeliverWebhook',
  summary: 'Redeliver',
  description:
    'Sends a DELIVERED or FAILED delivery again as a new delivery (redeliveryOf names the old one) with a fresh set of attempts: the same body and webhook-id, a new timestamp and signature. Records WEBHOOK_REDELIVERY_REQUESTED.',
  tag,
  role: 'ADMIN',
  params: webhook.WebhookDeliveryParams,
  success: { status: 202, description: 'The new delivery; Location points to it.', schema: WebhookDelivery },
  errors: ['WEBHOOK_ENDPOINT_NOT_FOUND', 'WEBHOOK_DELIVERY_NOT_FOUND', 'WEBHOOK_ENDPOINT_DISABLED', 'WEBHOOK_DELIVERY_PENDING'],
});
