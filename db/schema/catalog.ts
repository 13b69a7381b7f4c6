import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organisations } from './organisations';

export type CustomFieldType = 'text' | 'number' | 'boolean' | 'date' | 'select';
export type CustomFieldDefinition = {
  key: string;
  label: string;
  type: CustomFieldType;
  required?: boolean;
  options?: string[];
};

export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    customFields: jsonb('custom_fields').$type<CustomFieldDefinition[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    unique('categories_org_id_key').on(t.organisationId, t.id),
    uniqueIndex('categories_org_name_key').on(t.organisationId, sql`lower(${t.name})`),
    index('categories_org_created_idx').on(t.organisationId, t.createdAt, t.id),
  ],
);

export const locations = pgTable(
  'locations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    address: text('address'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    unique('locations_org_id_key').on(t.organisationId, t.id),
    uniqueIndex('locations_org_name_key').on(t.organisationId, sql`lower(${t.name})`),
    index('locations_org_created_idx').on(t.organisationId, t.createdAt, t.id),
  ],
);
