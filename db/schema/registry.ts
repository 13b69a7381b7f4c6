import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgEnum, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns';
import { organisations } from './organisations';

// received: verified and waiting for the job; processed / ignored: done; retry: the registry was unreachable,
// tried again from next_attempt_at; failed: given up; rejected: the signature, timestamp or shape failed.
export const registryWebhookStatusEnum = pgEnum('registry_webhook_status', ['received', 'retry', 'processed', 'ignored', 'failed', 'rejected']);
export type RegistryWebhookStatus = (typeof registryWebhookStatusEnum.enumValues)[number];

/**
 * Every delivery at POST /api/webhooks/external-registry (spec 002). Not per tenant: the registry speaks to the
 * platform as a whole and one event can concern several tenants, so the table has no organisation and no RLS
 * policy; it holds registry identifiers and event metadata, never a name, e-mail or national identifier. It is
 * also where refused deliveries are recorded (the audit log belongs to one tenant).
 */
export const registryWebhookDeliveries = pgTable(
  'registry_webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** deliveryId, or the SHA-256 of the canonical payload; null for rejected deliveries, which dedupe nothing. */
    deliveryKey: text('delivery_key'),
    event: text('event'),
    registryPersonId: text('registry_person_id'),
    /** organizationId, or "<codelist>:<valueCode>", for events not about a person. */
    subjectId: text('subject_id'),
    submissionId: text('submission_id'),
    changedFields: text('changed_fields').array().notNull().default([]),
    eventTimestamp: instant('event_timestamp'),
    status: registryWebhookStatusEnum('status').notNull(),
    /** Which of REGISTRY_WEBHOOK_SECRETS verified it (0 = the first): shows when the old secret falls out of use. */
    secretIndex: integer('secret_index'),
    /** Why a delivery was rejected, or what processing concluded. */
    outcome: text('outcome'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at'),
    lastError: text('last_error'),
    receivedAt: instant('received_at').notNull().defaultNow(),
    processedAt: instant('processed_at'),
  },
  (t) => [
    uniqueIndex('registry_webhook_deliveries_key').on(t.deliveryKey),
    index('registry_webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt).where(sql`${t.status} in ('received', 'retry')`),
    index('registry_webhook_deliveries_received_idx').on(t.receivedAt),
    // An admin's list of the deliveries that concern their tenant: by the persons it mirrors, or its organisation.
    index('registry_webhook_deliveries_person_idx').on(t.registryPersonId, t.receivedAt).where(sql`${t.registryPersonId} is not null`),
    index('registry_webhook_deliveries_subject_idx').on(t.subjectId, t.receivedAt).where(sql`${t.subjectId} is not null`),
    check('registry_webhook_deliveries_key_check', sql`(${t.status} = 'rejected') = (${t.deliveryKey} is null)`),
  ],
);

/** Where each tenant's nightly reconcile of one entity stands (spec 002: changedSince per entity and tenant). */
export const registrySyncState = pgTable(
  'registry_sync_state',
  {
    organisationId: uuid('organisation_id').notNull(),
    entity: text('entity').notNull(),
    /** The next run asks for records changed since this instant; advanced only after a successful run. */
    changedSince: instant('changed_since'),
    lastRunAt: instant('last_run_at'),
    lastSuccessAt: instant('last_success_at'),
    lastError: text('last_error'),
  },
  (t) => [
    primaryKey({ name: 'registry_sync_state_pkey', columns: [t.organisationId, t.entity] }),
    foreignKey({ name: 'registry_sync_state_organisation_fk', columns: [t.organisationId], foreignColumns: [organisations.id] }).onDelete('cascade'),
    check('registry_sync_state_entity_check', sql`${t.entity} in ('person', 'organization', 'codelist')`),
  ],
);
