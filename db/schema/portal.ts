import { sql } from 'drizzle-orm';
import { customType, foreignKey, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { userRoleEnum } from './enums';
import { organisations } from './organisations';
import { users } from './people';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

// News of the organisation, shown on every employee's dashboard.
export const announcements = pgTable(
  'announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    authorUserId: uuid('author_user_id'),
    publishedAt: timestamp('published_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('announcements_org_published_idx').on(t.organisationId, t.publishedAt)],
);

// An admin's invitation by e-mail: the first sign-in with that address takes the invited role.
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id').notNull(),
    email: text('email').notNull(),
    role: userRoleEnum('role').notNull().default('EMPLOYEE'),
    invitedByUserId: uuid('invited_by_user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, precision: 3 }),
    acceptedUserId: uuid('accepted_user_id'),
  },
  (t) => [
    // One open invitation per address; accepted ones stay as history.
    uniqueIndex('invitations_org_open_email_key').on(t.organisationId, sql`lower(${t.email})`).where(sql`${t.acceptedAt} is null`),
    foreignKey({ name: 'invitations_organisation_fk', columns: [t.organisationId], foreignColumns: [organisations.id] }).onDelete('cascade'),
    foreignKey({ name: 'invitations_inviter_fk', columns: [t.organisationId, t.invitedByUserId], foreignColumns: [users.organisationId, users.id] }),
  ],
);

// EXPIRED: a READY backup past the retention of the last ten, its content dropped and its record kept.
export const backupStatusEnum = pgEnum('backup_status', ['PENDING', 'RUNNING', 'READY', 'FAILED', 'EXPIRED']);

// A downloadable export of one tenant's data, produced by the create-backup job (gzipped JSON).
export const backups = pgTable(
  'backups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id').notNull(),
    status: backupStatusEnum('status').notNull().default('PENDING'),
    requestedByUserId: uuid('requested_by_user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true, precision: 3 }),
    sizeBytes: integer('size_bytes'),
    content: bytea('content'),
    error: text('error'),
  },
  (t) => [
    index('backups_org_created_idx').on(t.organisationId, t.createdAt),
    // One backup in progress per tenant: a second request while one runs gets 409 instead of queueing a twin.
    uniqueIndex('backups_org_in_progress_key').on(t.organisationId).where(sql`${t.status} in ('PENDING', 'RUNNING')`),
    foreignKey({ name: 'backups_organisation_fk', columns: [t.organisationId], foreignColumns: [organisations.id] }).onDelete('cascade'),
    foreignKey({ name: 'backups_requester_fk', columns: [t.organisationId, t.requestedByUserId], foreignColumns: [users.organisationId, users.id] }),
  ],
);
