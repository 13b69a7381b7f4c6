import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { webhookDeliveries, webhookDeliveryAttempts } from '@/db/schema';
import { webhookDeliveryNotFound } from './errors';
import type { WebhookDelivery } from './schemas';

export const webhookDeliveryColumns = {
  id: webhookDeliveries.id,
  endpointId: webhookDeliveries.endpointId,
  eventId: webhookDeliveries.eventId,
  eventType: webhookDeliveries.eventType,
  payload: webhookDeliveries.payload,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  lastAttemptAt: webhookDeliveries.lastAttemptAt,
  lastResponseStatus: webhookDeliveries.lastResponseStatus,
  lastError: webhookDeliveries.lastError,
  deliveredAt: webhookDeliveries.deliveredAt,
  redeliveryOf: webhookDeliveries.redeliveryOf,
  createdAt: webhookDeliveries.createdAt,
};

export type WebhookDeliveryRow = { [K in keyof typeof webhookDeliveryColumns]: (typeof webhookDeliveries.$inferSelect)[K] };
type AttemptRow = { deliveryId: string; attemptedAt: Date; responseStatus: number | null; error: string | null; durationMs: number };

const iso = (value: Date | null) => value?.toISOString() ?? null;

function toDeliveryDto(row: WebhookDeliveryRow, attempts: AttemptRow[]): WebhookDelivery {
  return {
    id: row.id,
    endpointId: row.endpointId,
    eventId: row.eventId,
    eventType: row.eventType,
    status: row.status,
    attemptCount: row.attempts,
    nextAttemptAt: row.status === 'PENDING' ? row.nextAttemptAt.toISOString() : null,
    lastAttemptAt: iso(row.lastAttemptAt),
    lastResponseStatus: row.lastResponseStatus,
    lastError: row.lastError,
    deliveredAt: iso(row.deliveredAt),
    redeliveryOf: row.redeliveryOf,
    createdAt: row.createdAt.toISOString(),
    payload: row.payload,
    attempts: attempts.map(({ attemptedAt, responseStatus, error, durationMs }) => ({ attemptedAt: attemptedAt.toISOString(), responseStatus, error, durationMs })),
  };
}

/** The deliveries as the log shows them, each with its attempts (one query for all of them). */
export async function toDeliveryDtos(tx: Executor, organisationId: string, rows: WebhookDeliveryRow[]): Promise<WebhookDelivery[]> {
  if (rows.length === 0) return [];
  const attempts = await tx
    .select({
      deliveryId: webhookDeliveryAttempts.deliveryId,
      attemptedAt: webhookDeliveryAttempts.attemptedAt,
      responseStatus: webhookDeliveryAttempts.responseStatus,
      error: webhookDeliveryAttempts.error,
      durationMs: webhookDeliveryAttempts.durationMs,
    })
    .from(webhookDeliveryAttempts)
    .where(and(eq(webhookDeliveryAttempts.organisationId, organisationId), inArray(webhookDeliveryAttempts.deliveryId, rows.map((row) => row.id))))
    .orderBy(asc(webhookDeliveryAttempts.attemptedAt), asc(webhookDeliveryAttempts.id));
  return rows.map((row) => toDeliveryDto(row, attempts.filter((attempt) => attempt.deliveryId === row.id)));
}

/** A delivery of this endpoint; another endpoint's (or tenant's) is reported exactly like a missing one. */
export async function findWebhookDeliveryRow(tx: Executor, organisationId: string, endpointId: string, deliveryId: string): Promise<WebhookDeliveryRow> {
  const [row] = await tx
    .select(webhookDeliveryColumns)
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.organisationId, organisationId), eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.id, deliveryId)));
  if (!row) throw webhookDeliveryNotFound(deliveryId);
  return row;
}
