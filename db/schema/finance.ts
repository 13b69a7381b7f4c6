import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, numeric, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { currencyCheck, instant, subjectChecks, subjectColumns } from './columns';
import { organisations } from './organisations';
import { persons } from './people';

/** A gift from a person (the donor in person_id). Kept 10 years (spec 001). */
export const donations = pgTable(
  'donations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id').notNull(),
    ...subjectColumns(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    currency: text('currency').notNull().default('EUR'),
    donatedAt: instant('donated_at').notNull(),
    campaign: text('campaign'),
    // The donor asked not to be named in public lists (donor walls, annual reports); the club still knows them.
    anonymousToPublic: boolean('anonymous_to_public').notNull().default(false),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('donations_org_person_idx').on(t.organisationId, t.personId, t.donatedAt),
    index('donations_org_pseudonym_idx').on(t.organisationId, t.subjectPseudonym).where(sql`${t.subjectPseudonym} is not null`),
    index('donations_org_donated_idx').on(t.organisationId, t.donatedAt),
    ...subjectChecks('donations', t),
    check('donations_amount_check', sql`${t.amount} > 0`),
    currencyCheck('donations', t.currency),
    foreignKey({ name: 'donations_organisation_fk', columns: [t.organisationId], foreignColumns: [organisations.id] }).onDelete('cascade'),
    foreignKey({ name: 'donations_person_fk', columns: [t.organisationId, t.personId], foreignColumns: [persons.organisationId, persons.id] }),
  ],
);

export const financialTransactionKindEnum = pgEnum('financial_transaction_kind', ['membership_fee', 'sponsorship', 'refund', 'purchase']);

/**
 * Money between the club and a person; amount is always positive and the kind gives the direction (a refund
 * goes out). Kept 10 years and anonymised, not deleted, on erasure (spec 001).
 */
export const financialTransactions = pgTable(
  'financial_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id').notNull(),
    ...subjectColumns(),
    kind: financialTransactionKindEnum('kind').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    currency: text('currency').notNull().default('EUR'),
    occurredAt: instant('occurred_at').notNull(),
    reference: text('reference'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('financial_transactions_org_person_idx').on(t.organisationId, t.personId, t.occurredAt),
    index('financial_transactions_org_pseudonym_idx').on(t.organisationId, t.subjectPseudonym).where(sql`${t.subjectPseudonym} is not null`),
    index('financial_transactions_org_occurred_idx').on(t.organisationId, t.occurredAt),
    ...subjectChecks('financial_transactions', t),
    check('financial_transactions_amount_check', sql`${t.amount} > 0`),
    currencyCheck('financial_transactions', t.currency),
    foreignKey({ name: 'financial_transactions_organisation_fk', columns: [t.organisationId], foreignColumns: [organisations.id] }).onDelete('cascade'),
    foreignKey({ name: 'financial_transactions_person_fk', columns: [t.organisationId, t.personId], foreignColumns: [persons.organisationId, persons.id] }),
  ],
);
