import { boolean, date, foreignKey, index, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { userRoleEnum } from './enums';
import { organisations } from './organisations';

// A natural person. Specs 001 (retention, anonymisation) and 002 (registry mirror) extend this table.
export const persons = pgTable(
  'persons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    officialEmail: text('official_email'),
    preferredEmail: text('preferred_email'),
    phone: text('phone'),
    birthDate: date('birth_date'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [unique('persons_org_id_key').on(t.organisationId, t.id)],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id').notNull(),
    personId: uuid('person_id').notNull(),
    idpSubject: text('idp_subject').notNull(),
    email: text('email'),
    role: userRoleEnum('role').notNull().default('EMPLOYEE'),
    isActive: boolean('is_active').notNull().default(true),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_org_subject_key').on(t.organisationId, t.idpSubject),
    unique('users_org_id_key').on(t.organisationId, t.id),
    index('users_org_created_idx').on(t.organisationId, t.createdAt, t.id),
    foreignKey({ name: 'users_organisation_fk', columns: [t.organisationId], foreignColumns: [organisations.id] }).onDelete('cascade'),
    foreignKey({ name: 'users_person_fk', columns: [t.organisationId, t.personId], foreignColumns: [persons.organisationId, persons.id] }),
  ],
);
