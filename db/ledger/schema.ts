import { sql } from 'drizzle-orm';
import { check, index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

// Why the subject was erased: their own request (spec 001, erasure), or the retention job anonymising a person
// three years after deactivation.
export const ledgerReasonEnum = pgEnum('ledger_reason', ['erasure_request', 'retention']);
export const ledgerScopeEnum = pgEnum('ledger_scope', ['full', 'partial']);

/**
 * The deletion ledger (DESIGN.md, spec 001 "Jobs and backups"): one row per erasure, written before anything
 * is destroyed, in a database of its own so that restoring the tenant database from a backup does not restore
 * it too. It holds no name, e-mail or other direct identifier: the subject is a keyed hash of the person id
 * (lib/privacy/erasure/pseudonym.ts), meaningless without the server's secret. Append-only: a trigger refuses UPDATE,
 * DELETE and TRUNCATE.
 */
export const deletionLedger = pgTable(
  'deletion_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Makes a retried write a no-op: the erasure request's id, or `retention:<subject key>`.
    entryKey: text('entry_key').notNull(),
    organisationId: uuid('organisation_id').notNull(),
    subjectKey: text('subject_key').notNull(),
    reason: ledgerReasonEnum('reason').notNull(),
    scope: ledgerScopeEnum('scope').notNull(),
    // For a partial erasure, the erased fields; empty for a full one.
    fields: text('fields').array().notNull().default(sql`'{}'::text[]`),
    // When the erasure became due: verification of the request, or the retention expiry.
    effectiveAt: timestamp('effective_at', { withTimezone: true, precision: 3 }).notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('deletion_ledger_entry_key').on(t.entryKey),
    index('deletion_ledger_org_idx').on(t.organisationId, t.recordedAt),
    check('deletion_ledger_subject_key_check', sql`${t.subjectKey} ~ '^[0-9a-f]{64}$'`),
    check('deletion_ledger_fields_check', sql`(${t.scope} = 'full') = (cardinality(${t.fields}) = 0)`),
  ],
);

export type LedgerEntry = typeof deletionLedger.$inferSelect;
