import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, pgEnum, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns';
import { organisations } from './organisations';
import { persons } from './people';

export const conversationKindEnum = pgEnum('conversation_kind', ['general', 'mentoring', 'health']);

/**
 * A thread between persons. Its messages are kept for retention_days, or the organisation's
 * default_retention_days when null; after that the messages go and this row stays (spec 001).
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id').notNull(),
    kind: conversationKindEnum('kind').notNull(),
    title: text('title').notNull(),
    retentionDays: integer('retention_days'),
    retentionExtendedUntil: instant('retention_extended_until'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('conversations_org_id_key').on(t.organisationId, t.id),
    index('conversations_org_created_idx').on(t.organisationId, t.createdAt, t.id),
    check('conversations_retention_days_check', sql`${t.retentionDays} is null or ${t.retentionDays} > 0`),
    // Spec 001 lets an admin extend retention by hand only for mentoring and health conversations.
    check('conversations_retention_extension_check', sql`${t.retentionExtendedUntil} is null or ${t.kind} in ('mentoring', 'health')`),
    foreignKey({ name: 'conversations_organisation_fk', columns: [t.organisationId], foreignColumns: [organisations.id] }).onDelete('cascade'),
  ],
);

export const conversationParticipants = pgTable(
  'conversation_participants',
  {
    organisationId: uuid('organisation_id').notNull(),
    conversationId: uuid('conversation_id').notNull(),
    personId: uuid('person_id').notNull(),
    joinedAt: instant('joined_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'conversation_participants_pkey', columns: [t.organisationId, t.conversationId, t.personId] }),
    index('conversation_participants_org_person_idx').on(t.organisationId, t.personId),
    foreignKey({ name: 'conversation_participants_organisation_fk', columns: [t.organisationId], foreignColumns: [organisations.id] }).onDelete('cascade'),
    foreignKey({ name: 'conversation_participants_conversation_fk', columns: [t.organisationId, t.conversationId], foreignColumns: [conversations.organisationId, conversations.id] }).onDelete('cascade'),
    foreignKey({ name: 'conversation_participants_person_fk', columns: [t.organisationId, t.personId], foreignColumns: [persons.organisationId, persons.id] }).onDelete('cascade'),
  ],
);

/** Anonymising a message drops its author, so author_anonymized and a null author always go together. */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id').notNull(),
    conversationId: uuid('conversation_id').notNull(),
    authorPersonId: uuid('author_person_id'),
    body: text('body').notNull(),
    authorAnonymized: boolean('author_anonymized').notNull().default(false),
    createdAt: instant('created_at').notNull().defaultNow(),
    deletedAt: instant('deleted_at'),
  },
  (t) => [
    index('messages_org_conversation_created_idx').on(t.organisationId, t.conversationId, t.createdAt, t.id),
    index('messages_org_author_idx').on(t.organisationId, t.authorPersonId),
    check('messages_author_check', sql`${t.authorAnonymized} = (${t.authorPersonId} is null)`),
    check('messages_deleted_check', sql`${t.deletedAt} is null or ${t.deletedAt} >= ${t.createdAt}`),
    foreignKey({ name: 'messages_organisation_fk', columns: [t.organisationId], foreignColumns: [organisations.id] }).onDelete('cascade'),
    foreignKey({ name: 'messages_conversation_fk', columns: [t.organisationId, t.conversationId], foreignColumns: [conversations.organisationId, conversations.id] }).onDelete('cascade'),
    foreignKey({ name: 'messages_author_fk', columns: [t.organisationId, t.authorPersonId], foreignColumns: [persons.organisationId, persons.id] }),
  ],
);
