import { z } from 'zod';

/** The events an endpoint can subscribe to. */
export const webhookEventTypes = [
  'loan.requested',
  'loan.approved',
  'loan.rejected',
  'loan.cancelled',
  'loan.picked_up',
  'loan.returned',
  'loan.overdue',
  'loan.extended',
  'asset.created',
  'asset.updated',
  'asset.deleted',
] as const;
export const WebhookEventType = z.enum(webhookEventTypes);
export type WebhookEventType = z.infer<typeof WebhookEventType>;

/** Sent only by "send a test event", to the one endpoint asked; nobody subscribes to it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
export type DeliveredEventType = WebhookEventType | typeof WEBHOOK_TEST_EVENT;

export const webhookEventDescriptions: Record<WebhookEventType, string> = {
  'loan.requested': 'A loan was requested (PENDING_APPROVAL), or booked directly where the policy needs no approval (then loan.approved follows).',
  'loan.approved': 'A request was approved (APPROVED), by an approver or automatically.',
  'loan.rejected': 'A request was rejected (REJECTED).',
  'loan.cancelled': "The requester withdrew a pending request or cancelled an approved booking before pickup, an asset manager cancelled an approved booking, or the erasure of the requester's personal data cancelled a pending or approved one (CANCELLED).",
  'loan.picked_up': 'The asset was handed over (ACTIVE).',
  'loan.returned': 'The asset was returned (RETURNED).',
  'loan.overdue': 'An active loan passed its end date; sent once, by the hourly overdue check.',
  'loan.extended': 'The end date of an approved or active loan moved later (an extension applied or approved); previousEndDate is the old one.',
  'asset.created': 'An asset was added.',
  'asset.updated': 'An asset was edited (including a bulk move and a new photo).',
  'asset.deleted': 'An asset was deleted; data.asset is its last state.',
};

export const TestEventData = z.object({ endpointId: z.uuid(), message: z.string() });

/** The body of every webhook: `{ type, timestamp, data }`, the exact bytes the signature covers. */
export function eventEnvelope<T extends z.ZodType>(type: z.ZodType<string>, data: T) {
  return z.object({
    type,
    timestamp: z.iso.datetime().describe('When the change happened (ISO 8601, UTC); the same on every attempt and redelivery.'),
    data,
  });
}

export type WebhookPayload = { type: DeliveredEventType; timestamp: string; data: Record<string, unknown> };
