import { z } from 'zod';
import { pageQuery } from '@/lib/platform/pagination';
import { WebhookEventType, webhookEventTypes } from './event-types';

export const MAX_WEBHOOK_ENDPOINTS = 20;

const url = z
  .string()
  .trim()
  .min(1, 'Enter the URL that receives the webhooks.')
  .max(2000, 'Keep the URL under 2,000 characters.')
  .describe(
    'Where the webhooks are POSTed. In production an https URL whose host resolves only to public addresses: private, loopback, link-local, CGNAT, multicast and other internal ranges (IPv4 and IPv6) are refused, here and again after DNS at every delivery. No user:password@ part.',
  );
const description = z.string().trim().max(500, 'Keep the description under 500 characters.').nullable();
const eventTypes = z
  .array(WebhookEventType)
  .min(1, 'Choose at least one event.')
  .max(webhookEventTypes.length)
  .refine((types) => new Set(types).size === types.length, { message: 'Name each event once.' })
  .describe('The events this endpoint receives.');

export const WebhookEndpointIdParams = z.object({ id: z.uuid() });
export const WebhookDeliveryParams = z.object({ id: z.uuid(), deliveryId: z.uuid() });

export const CreateWebhookEndpointBody = z.strictObject({
  url,
  description: description.optional(),
  eventTypes,
  enabled: z.boolean().default(true).describe('A disabled endpoint receives nothing; deliveries due while it is disabled fail without being sent.'),
});
export type CreateWebhookEndpointBody = z.infer<typeof CreateWebhookEndpointBody>;

export const UpdateWebhookEndpointBody = z
  .strictObject({ url, description, eventTypes, enabled: z.boolean() })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: 'Send at least one field to change.' });
export type UpdateWebhookEndpointBody = z.infer<typeof UpdateWebhookEndpointBody>;

export const ListWebhookEndpointsQuery = z.strictObject(pageQuery);
export type ListWebhookEndpointsQuery = z.infer<typeof ListWebhookEndpointsQuery>;

export const webhookDeliveryStatuses = ['PENDING', 'DELIVERED', 'FAILED'] as const;
export const WebhookDeliveryStatus = z.enum(webhookDeliveryStatuses);

export const ListWebhookDeliveriesQuery = z.strictObject({ status: WebhookDeliveryStatus.optional(), ...pageQuery });
export type ListWebhookDeliveriesQuery = z.infer<typeof ListWebhookDeliveriesQuery>;

export const WebhookEndpoint = z.object({
  id: z.uuid(),
  url: z.string(),
  description: z.string().nullable(),
  eventTypes: z.array(WebhookEventType),
  enabled: z.boolean(),
  previousSecretExpiresAt: z.iso
    .datetime()
    .nullable()
    .describe('After a rotation: until when the previous secret still signs beside the new one (a second v1 signature); null when only one secret signs.'),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

export const WebhookEndpointWithSecret = WebhookEndpoint.extend({
  secret: z
    .string()
    .describe('The signing secret (`whsec_` + base64), for Standard Webhooks verification. Shown only in this response: store it now; it cannot be read again.'),
});
export type WebhookEndpointWithSecret = z.infer<typeof WebhookEndpointWithSecret>;

export const WebhookDeliveryAttempt = z.object({
  attemptedAt: z.iso.datetime(),
  responseStatus: z.number().int().nullable().describe('The HTTP status the endpoint answered; null when none came (refused target, network error, timeout).'),
  error: z.string().nullable().describe('Why the attempt failed, when it did.'),
  durationMs: z.number().int(),
});

export const WebhookDelivery = z.object({
  id: z.uuid(),
  endpointId: z.uuid(),
  eventId: z.uuid().describe('Sent as webhook-id: the same on every attempt and redelivery of this event, so receivers can drop duplicates.'),
  eventType: z.string().describe('One of the event types, or webhook.test for a test event.'),
  status: WebhookDeliveryStatus.describe('PENDING: not delivered yet (next attempt at nextAttemptAt). DELIVERED: the endpoint answered 2xx. FAILED: every attempt failed, or the endpoint was disabled.'),
  attemptCount: z.number().int(),
  nextAttemptAt: z.iso.datetime().nullable().describe('PENDING only.'),
  lastAttemptAt: z.iso.datetime().nullable(),
  lastResponseStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  deliveredAt: z.iso.datetime().nullable(),
  redeliveryOf: z.uuid().nullable().describe('The delivery this one repeats, for a redelivery.'),
  createdAt: z.iso.datetime(),
  payload: z.record(z.string(), z.unknown()).describe('The body sent: { type, timestamp, data }.'),
  attempts: z.array(WebhookDeliveryAttempt).describe('Every attempt, oldest first.'),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;
