import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, jsonb, pgEnum, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { ciphertext, instant } from './columns';
import { organisations } from './organisations';

/**
 * An integrator's endpoint for outbound webhooks (Standard Webhooks). The signing secret is FLE1 ciphertext
 * (field webhookEndpoint.secret) and leaves the server only in the answer that created or rotated it. After a
 * rotation the previous secret keeps signing alongside the new one until previous_secret_expires_at.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id').notNull(),
    url: text('url').notNull(),
    description: text('description'),
    eventTypes: text('event_types').array().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    secret: ciphertext('secret').notNull(),
    previousSecret: ciphertext('previous_secret'),
    previousSecretExpiresAt: instant('previous_secret_expires_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('webhook_endpoints_org_id_key').on(t.organisationId, t.id),
    index('webhook_endpoints_org_created_idx').on(t.organisationId, t.createdAt, t.id),
    foreignKey({ name: 'webhook_endpoints_organisation_fk', columns: [t.organisationId], foreignColumns: [organisations.id] }).onDelete('cascade'),
    check('webhook_endpoints_event_types_check', sql`cardinality(${t.eventTypes}) > 0`),
    check('webhook_endpoints_previous_secret_check', sql`(${t.previousSecret} is null) = (${t.previousSecretExpiresAt} is null)`),
  ],
);

export const webhookDeliveryStatusEnum = pgEnum('webhook_delivery_status', ['PENDING', 'DELIVERED', 'FAILED']);

/**
 * One event for one endpoint: written in the transaction of the change that caused it (DESIGN.md invariant 5)
 * and posted by the deliver-webhooks job. The payload is the exact body sent, so every attempt and a
 * redelivery (a new row, redelivery_of the old one) carry the same bytes and the same webhook-id (event_id).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id').notNull(),
    endpointId: uuid('endpoint_id').notNull(),
    eventId: uuid('event_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: webhookDeliveryStatusEnum('status').notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
    lastAttemptAt: instant('last_attempt_at'),
    lastResponseStatus: integer('last_response_status'),
    lastError: text('last_error'),
    deliveredAt: instant('delivered_at'),
    redeliveryOf: uuid('redelivery_of'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('webhook_deliveries_org_id_key').on(t.organisationId, t.id),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'PENDING'`),
    index('webhook_deliveries_endpoint_created_idx').on(t.organisationId, t.endpointId, t.createdAt, t.id),
    index('webhook_deliveries_finished_idx').on(t.createdAt).where(sql`${t.status} <> 'PENDING'`),
    foreignKey({ name: 'webhook_deliveries_endpoint_fk', columns: [t.organisationId, t.endpointId], foreignColumns: [webhookEndpoints.organisationId, webhookEndpoints.id] }).onDelete('cascade'),
    check('webhook_deliveries_attempts_check', sql`${t.attempts} >= 0`),
  ],
);

/** The delivery log's detail: one row per HTTP attempt (status or error, duration); never headers or secrets. */
export const webhookDeliveryAttempts = pgTable(
  'webhook_delivery_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id').notNull(),
    deliveryId: uuid('delivery_id').notNull(),
    attemptedAt: instant('attempted_at').notNull(),
    responseStatus: integer('response_status'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [
    index('webhook_delivery_attempts_delivery_idx').on(t.organisationId, t.deliveryId, t.attemptedAt),
    foreignKey({ name: 'webhook_delivery_attempts_delivery_fk', columns: [t.organisationId, t.deliveryId], foreignColumns: [webhookDeliveries.organisationId, webhookDeliveries.id] }).onDelete('cascade'),
    check('webhook_delivery_attempts_outcome_check', sql`num_nonnulls(${t.responseStatus}, ${t.error}) >= 1`),
  ],
);
