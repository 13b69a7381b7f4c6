import { z } from 'zod';
import { calendarInstant } from '@/lib/platform/validation/calendar-date';

const common = {
  changedFields: z.array(z.string().min(1).max(100)).max(100),
  timestamp: calendarInstant('timestamp'),
  deliveryId: z.string().min(1).max(200).optional(),
};

/** The signed body of POST /api/webhooks/external-registry: spec 002's shape, plus deliveryId and the subject of non-person events. */
export const RegistryWebhookPayload = z.discriminatedUnion('event', [
  z.object({ event: z.enum(['person.created', 'person.updated', 'person.deactivated']), personId: z.string().min(1).max(100), submissionId: z.string().min(1).max(200).optional(), ...common }),
  z.object({ event: z.enum(['organization.created', 'organization.updated']), organizationId: z.string().min(1).max(100), submissionId: z.string().min(1).max(200).optional(), ...common }),
  z.object({ event: z.enum(['codelist.value_added', 'codelist.value_modified', 'codelist.value_deactivated']), codelist: z.string().min(1).max(100), valueCode: z.string().min(1).max(200), ...common }),
]);
export type RegistryWebhookPayload = z.infer<typeof RegistryWebhookPayload>;

export const REGISTRY_WEBHOOK_RECEIVED_EVENT = 'quartermaster/registry-webhook.received';
