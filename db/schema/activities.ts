import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, jsonb, pgEnum, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { instant, subjectChecks, subjectColumns } from './columns';
import { organisations } from './organisations';
import { persons, users } from './people';

// Spec 001's kinds of activity; each has its own retention period (lib/privacy's retention policy).
export const activityTypeEnum = pgEnum('activity_type', [
  'training',
  'match_participation',
  'match_evaluation',
  'mentoring_session',
  'mentoring_cycle',
  'education_event',
  'fan_interaction',
]);

/**
 * Something a person took part in, one row per subject. A mentoring session belongs to its cycle and a match
 * evaluation to the participation it judges, through parent_activity_id.
 */
export const activities = pgTable(
  'activities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id').notNull(),
    type: activityTypeEnum('type').notNull(),
    ...subjectColumns(),
    parentActivityId: uuid('parent_activity_id'),
    title: text('title').notNull(),
    occurredAt: instant('occurred_at').notNull(),
    endedAt: instant('ended_at'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    // Null for records that arrive without a signed-in author (imports).
    recordedByUserId: uuid('recorded_by_user_id'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('activities_org_id_key').on(t.organisationId, t.id),
    index('activities_org_person_idx').on(t.organisationId, t.personId, t.occurredAt),
    index('activities_org_type_occurred_idx').on(t.organisationId, t.type, t.occurredAt),
    index('activities_org_pseudonym_idx').on(t.organisationId, t.subjectPseudonym).where(sql`${t.subjectPseudonym} is not null`),
    index('activities_org_parent_idx').on(t.organisationId, t.parentActivityId).where(sql`${t.parentActivityId} is not null`),
    ...subjectChecks('activities', t),
    check('activities_ended_check', sql`${t.endedAt} is null or ${t.endedAt} >= ${t.occurredAt}`),
    check('activities_details_check', sql`jsonb_typeof(${t.details}) = 'object'`),
    check('activities_parent_check', sql`${t.parentActivityId} is distinct from ${t.id}`),
    foreignKey({ name: 'activities_organisation_fk', columns: [t.organisationId], foreignColumns: [organisations.id] }).onDelete('cascade'),
    foreignKey({ name: 'activities_person_fk', columns: [t.organisationId, t.personId], foreignColumns: [persons.organisationId, persons.id] }),
    foreignKey({ name: 'activities_parent_fk', columns: [t.organisationId, t.parentActivityId], foreignColumns: [t.organisationId, t.id] }),
    foreignKey({ name: 'activities_recorder_fk', columns: [t.organisationId, t.recordedByUserId], foreignColumns: [users.organisationId, users.id] }),
  ],
);

/**
 * A comment on an activity; deleted with it (same retention as the parent, spec 001). Anonymising a comment
 * drops its author, so author_anonymized and a null author always go together.
 */
export const activityComments = pgTable(
  'activity_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id').notNull(),
    activityId: uuid('activity_id').notNull(),
    authorPersonId: uuid('author_person_id'),
    body: text('body').notNull(),
    authorAnonymized: boolean('author_anonymized').notNull().default(false),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('activity_comments_org_activity_idx').on(t.organisationId, t.activityId, t.createdAt),
    index('activity_comments_org_author_idx').on(t.organisationId, t.authorPersonId),
    check('activity_comments_author_check', sql`${t.authorAnonymized} = (${t.authorPersonId} is null)`),
    foreignKey({ name: 'activity_comments_organisation_fk', columns: [t.organisationId], foreignColumns: [organisations.id] }).onDelete('cascade'),
    foreignKey({ name: 'activity_comments_activity_fk', columns: [t.organisationId, t.activityId], foreignColumns: [activities.organisationId, activities.id] }).onDelete('cascade'),
    foreignKey({ name: 'activity_comments_author_fk', columns: [t.organisationId, t.authorPersonId], foreignColumns: [persons.organisationId, persons.id] }),
  ],
);
