import { z } from 'zod';
import { WEBHOOK_MAX_DEPTH } from '@/lib/registry/inbound/read-webhook-body';
import { RegistryWebhookPayload } from '@/lib/registry/inbound/webhook-payload';
import { headerRefs } from '@/lib/transport/openapi/components';
import { buildErrorResponses } from '@/lib/transport/openapi/error-responses';
import { defineDocumentedOperation } from '../operation';
import { named } from '../named';

const Accepted = z.object({
  status: z.enum(['accepted', 'duplicate']).describe('duplicate: this delivery (deliveryId, or the same canonical payload) was seen before and is not processed again.'),
  id: z.uuid().optional().describe('The recorded delivery; absent for a duplicate.'),
});

const signature = z.string().regex(/^hmac-sha256:[0-9a-f]{64}$/).describe('"hmac-sha256:" + hex HMAC-SHA-256 (a shared secret) of the RFC 8785 canonical JSON of the body without `signature`. May travel in X-Registry-Signature instead.');
const [person, organization, codelist] = RegistryWebhookPayload.options;
const signed = { signature: signature.optional() };
const SignedPayload = z.union([person.extend(signed), organization.extend(signed), codelist.extend(signed)]);

// The inbound endpoint of spec 002: the registry calls it, not a tenant's client; it sits outside /v1 and any tenant.
export const receiveRegistryWebhook = defineDocumentedOperation({
  method: 'post',
  path: '/webhooks/external-registry',
  document: {
    operationId: 'receiveRegistryWebhook',
    summary: 'Receive a registry event',
    description: [
      "The external registry's signed events (spec 002): person.created | person.updated | person.deactivated, organization.created | organization.updated, codelist.value_added | value_modified | value_deactivated.",
      'Not per tenant: the platform fans a person event out to every organisation that mirrors the person. The signature is checked against every active secret (REGISTRY_WEBHOOK_SECRETS) in constant time;',
      'timestamps more than 5 minutes away from now are refused; a delivery seen before is acknowledged and not processed twice. Accepted person events are processed by a background job',
      '(the person is fetched from the registry and merged); organisation events update the linked organisation\'s official data and code-list events re-sync the list (changedSince), also in the background. Rate limited per client address (REGISTRY_WEBHOOK_RATE_LIMIT_PER_MINUTE).',
      `The body must be sent as \`Content-Type: application/json\` (415 \`UNSUPPORTED_MEDIA_TYPE\` otherwise, \`details.contentType\`) and may have at most 64 KiB (413). Before the signature is checked, a body that is not a JSON object, is nested more than ${WEBHOOK_MAX_DEPTH} levels deep, or holds a control character (U+0000–U+001F, U+007F) or an unpaired surrogate in a key or string is refused with 400 \`VALIDATION_ERROR\`, \`details.reason\` = \`malformed_body\`, \`too_deep\` or \`invalid_character\`; a correctly signed body of the wrong shape is 400 with \`reason\` = \`invalid_payload\`.`,
      'Every refusal is recorded (event name and reason only). GET, PUT, PATCH and DELETE answer 405 `METHOD_NOT_ALLOWED` with `Allow: POST`, charged to the same per-address limit. Every answer but the 202 is the error envelope.',
    ].join(' '),
    tags: ['Registry'],
    security: [],
    request: {
      headers: z.object({ 'x-registry-signature': signature.optional() }),
      body: { required: true, content: { 'application/json': { schema: named('RegistryWebhookPayload', SignedPayload) } } },
    },
    responses: {
      202: {
        description: 'Verified and recorded (or recognised as a duplicate).',
        headers: { 'X-RateLimit-Limit': headerRefs.limit, 'X-RateLimit-Remaining': headerRefs.remaining, 'X-RateLimit-Reset': headerRefs.reset, 'X-Request-Id': headerRefs.requestId },
        content: { 'application/json': { schema: named('RegistryWebhookAccepted', Accepted) } },
      },
      ...buildErrorResponses(['VALIDATION_ERROR', 'INVALID_SIGNATURE', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'RATE_LIMITED', 'REGISTRY_SYNC_OFF', 'INTERNAL_ERROR']),
    },
  },
});
