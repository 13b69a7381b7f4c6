import { foreignKey, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organisations } from './organisations';
import { users } from './people';

export const outboxStatusEnum = pgEnum('outbox_status', ['PENDING', 'SENT', 'FAILED']);

// Side effects written in the transaction of the change that causes them (DESIGN.md invariant 5) and
// delivered by the deliver-outbox job, at least once; the idempotency key makes a retry a no-op at Resend.
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: outboxStatusEnum('status').notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    lastError: text('last_error'),
    deliveredVia: text('delivered_via'),
    providerMessageId: text('provider_message_id'),
    sentAt: timestamp('sent_at', { withTimezone: true, precision: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('outbox_org_idempotency_key').on(t.organisationId, t.idempotencyKey),
    index('outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('outbox_org_created_idx').on(t.organisationId, t.createdAt),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id').notNull(),
    userId: uuid('user_id').notNull(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    loanId: uuid('loan_id'),
    // The portal page the notification is about (a path such as /admin/webhooks/<id>); null when it is about
    // nothing beyond its loan.
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true, precision: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_org_user_created_idx').on(t.organisationId, t.userId, t.createdAt, t.id),
    foreignKey({ name: 'notifications_organisation_fk', columns: [t.organisationId], foreignColumns: [organisations.id] }).onDelete('cascade'),
    foreignKey({ name: 'notifications_user_fk', columns: [t.organisationId, t.userId], foreignColumns: [users.organisationId, users.id] }).onDelete('cascade'),
  ],
);
