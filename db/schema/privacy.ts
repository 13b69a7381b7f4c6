import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, index, integer, jsonb, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns';
import { organisations } from './organisations';
import { persons, users } from './people';

// rejected is the path spec 001 leaves open: an admin refuses the request, with a reason the subject sees.
export const dataDeletionStatusEnum = pgEnum('data_deletion_status', ['pending', 'verified', 'in_progress', 'completed', 'rejected']);
export const dataDeletionScopeEnum = pgEnum('data_deletion_scope', ['full', 'partial']);
export const identityVerificationMethodEnum = pgEnum('identity_verification_method', ['phone', 'video', 'in_person']);

/**
 * A subject's erasure request (spec 001): filed by the subject or an ADMIN for them, verified (or rejected) by an
 * ADMIN, then carried out by the process-data-deletions job. Deadlines are stored: the target is 7 days from
 * verification, the legal limit 30 days from the request. The row outlives the erasure as its evidence; it holds
 * no personal data beyond the (then anonymised) person's id.
 */
export const dataDeletionRequests = pgTable(
  'data_deletion_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id').notNull(),
    personId: uuid('person_id').notNull(),
    requestedByUserId: uuid('requested_by_user_id'),
    requestedAt: instant('requested_at').notNull().defaultNow(),
    status: dataDeletionStatusEnum('status').notNull().default('pending'),
    scope: dataDeletionScopeEnum('scope').notNull(),
    partialFields: text('partial_fields').array().notNull().default(sql`'{}'::text[]`),
    verificationMethod: identityVerificationMethodEnum('verification_method'),
    verificationNote: text('verification_note'),
    verifiedByUserId: uuid('verified_by_user_id'),
    verifiedAt: instant('verified_at'),
    rejectionReason: text('rejection_reason'),
    rejectedByUserId: uuid('rejected_by_user_id'),
    rejectedAt: instant('rejected_at'),
    // verified_at + 7 days (spec 001's target); set on verification.
    targetDueAt: instant('target_due_at'),
    // requested_at + 30 days (the legal limit).
    legalDueAt: instant('legal_due_at').notNull(),
    startedAt: instant('started_at'),
    completedAt: instant('completed_at'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    // When the admins were told the request is past its target or legal limit: once per request.
    overdueNotifiedAt: instant('overdue_notified_at'),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('data_deletion_requests_org_status_idx').on(t.organisationId, t.status, t.requestedAt, t.id),
    index('data_deletion_requests_org_person_idx').on(t.organisationId, t.personId),
    // One open request per person: a second filing while one is open gets the open one back.
    uniqueIndex('data_deletion_requests_open_key').on(t.organisationId, t.personId).where(sql`${t.status} in ('pending', 'verified', 'in_progress')`),
    check('data_deletion_requests_scope_check', sql`(${t.scope} = 'full' and cardinality(${t.partialFields}) = 0) or (${t.scope} = 'partial' and cardinality(${t.partialFields}) > 0)`),
    check(
      'data_deletion_requests_verified_check',
      sql`${t.status} in ('pending', 'rejected') or (${t.verifiedAt} is not null and ${t.verificationMethod} is not null and ${t.targetDueAt} is not null)`,
    ),
    check('data_deletion_requests_rejected_check', sql`${t.status} <> 'rejected' or (${t.rejectedAt} is not null and length(trim(${t.rejectionReason})) > 0)`),
    check('data_deletion_requests_completed_check', sql`${t.status} <> 'completed' or ${t.completedAt} is not null`),
    foreignKey({ name: 'data_deletion_requests_organisation_fk', columns: [t.organisationId], foreignColumns: [organisations.id] }).onDelete('cascade'),
    foreignKey({ name: 'data_deletion_requests_person_fk', columns: [t.organisationId, t.personId], foreignColumns: [persons.organisationId, persons.id] }),
    foreignKey({ name: 'data_deletion_requests_requester_fk', columns: [t.organisationId, t.requestedByUserId], foreignColumns: [users.organisationId, users.id] }),
    foreignKey({ name: 'data_deletion_requests_verifier_fk', columns: [t.organisationId, t.verifiedByUserId], foreignColumns: [users.organisationId, users.id] }),
    foreignKey({ name: 'data_deletion_requests_rejecter_fk', columns: [t.organisationId, t.rejectedByUserId], foreignColumns: [users.organisationId, users.id] }),
  ],
);

export const retentionRunStatusEnum = pgEnum('retention_run_status', ['running', 'succeeded', 'failed']);

/** What one retention run did (or, dry, would do) for one kind: rows deleted, anonymised, or found expired. */
export type RetentionKindResult = { kind: string; action: 'delete' | 'anonymise' | 'keep'; count: number };

/**
 * One run of the retention policy over one tenant (spec 001: daily at 02:00 UTC), or a dry run that only
 * counted. `asOf` is the clock the run judged expiry by; `results` holds one entry per policy row.
 */
export const retentionRuns = pgTable(
  'retention_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id').notNull(),
    dryRun: boolean('dry_run').notNull(),
    trigger: text('trigger').notNull(),
    requestedByUserId: uuid('requested_by_user_id'),
    asOf: instant('as_of').notNull(),
    status: retentionRunStatusEnum('status').notNull().default('running'),
    results: jsonb('results').$type<RetentionKindResult[]>().notNull().default([]),
    error: text('error'),
    startedAt: instant('started_at').notNull().defaultNow(),
    finishedAt: instant('finished_at'),
  },
  (t) => [
    index('retention_runs_org_started_idx').on(t.organisationId, t.startedAt, t.id),
    check('retention_runs_trigger_check', sql`${t.trigger} in ('schedule', 'manual')`),
    check('retention_runs_finished_check', sql`(${t.status} = 'running') = (${t.finishedAt} is null)`),
    foreignKey({ name: 'retention_runs_organisation_fk', columns: [t.organisationId], foreignColumns: [organisations.id] }).onDelete('cascade'),
    foreignKey({ name: 'retention_runs_requester_fk', columns: [t.organisationId, t.requestedByUserId], foreignColumns: [users.organisationId, users.id] }),
  ],
);

/**
 * The monthly report for the legal department (spec 001), one per tenant and calendar month (UTC). The figures are
 * stored; the CSV and PDF are rendered from them on download, so both always say the same.
 */
export const legalReports = pgTable(
  'legal_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id').notNull(),
    // First and last day of the month reported on.
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    figures: jsonb('figures').$type<Record<string, unknown>>().notNull(),
    generatedAt: instant('generated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('legal_reports_org_period_key').on(t.organisationId, t.periodStart),
    check('legal_reports_period_check', sql`${t.periodEnd} >= ${t.periodStart}`),
    foreignKey({ name: 'legal_reports_organisation_fk', columns: [t.organisationId], foreignColumns: [organisations.id] }).onDelete('cascade'),
  ],
);
