import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { webhookEndpoints } from '@/db/schema';
import { webhookEndpointNotFound } from './errors';
import type { WebhookEventType } from './event-types';
import type { WebhookEndpoint } from './schemas';

/** Everything but the secrets, which only the delivery job and a rotation read. */
export const webhookEndpointColumns = {
  id: webhookEndpoints.id,
  url: webhookEndpoints.url,
  description: webhookEndpoints.description,
  eventTypes: webhookEndpoints.eventTypes,
  enabled: webhookEndpoints.enabled,
  previousSecretExpiresAt: webhookEndpoints.previousSecretExpiresAt,
  createdAt: webhookEndpoints.createdAt,
  updatedAt: webhookEndpoints.updatedAt,
};
export const auditedWebhookEndpointFields = ['url', 'description', 'eventTypes', 'enabled'] as const;

export type WebhookEndpointRow = { id: string; url: string; description: string | null; eventTypes: string[]; enabled: boolean; previousSecretExpiresAt: Date | null; createdAt: Date; updatedAt: Date };

/** A rotated-out secret whose overlap has ended is no longer reported, whether or not housekeeping dropped it yet. */
export function toWebhookEndpointDto(row: WebhookEndpointRow, now: Date): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: row.eventTypes as WebhookEventType[],
    enabled: row.enabled,
    previousSecretExpiresAt: row.previousSecretExpiresAt && row.previousSecretExpiresAt > now ? row.previousSecretExpiresAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function findWebhookEndpointRow(tx: Executor, organisationId: string, endpointId: string, forUpdate = false): Promise<WebhookEndpointRow> {
  const query = tx.select(webhookEndpointColumns).from(webhookEndpoints).where(and(eq(webhookEndpoints.organisationId, organisationId), eq(webhookEndpoints.id, endpointId)));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw webhookEndpointNotFound(endpointId, organisationId);
  return row;
}
