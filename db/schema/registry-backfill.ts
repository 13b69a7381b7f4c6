import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns';
import { organisations } from './organisations';
import { persons } from './people';

export type RegistryBackfillStatus = 'requested' | 'running' | 'completed' | 'failed';

/**
 * Spec 002, phase 1: the one-off initial backfill of one tenant, and where it stands, so a run that died resumes
 * at the page after the last completed one of the same export snapshot. One row per tenant; an admin's new
 * request starts it over (idempotent: the result is the same).
 */
export const registryBackfills = pgTable(
  'registry_backfills',
  {
    organisationId: uuid('organisation_id').notNull(),
    status: text('status').$type<RegistryBackfillStatus>().notNull(),
    snapshotId: text('snapshot_id'),
    /** The last page whose matches are committed; 0 before the first. */
    lastPage: integer('last_page').notNull().default(0),
    totalPages: integer('total_pages'),
    /** Local persons linked to their registry record (registryId set by a backfill or later sync). */
    matched: integer('matched').notNull().default(0),
    /** Open mismatches waiting for the admin. */
    mismatched: integer('mismatched').notNull().default(0),
    /** Local persons with no registry record: they stay local-only. */
    localOnly: integer('local_only').notNull().default(0),
    requestedBy: uuid('requested_by'),
    requestedAt: instant('requested_at').notNull(),
    startedAt: instant('started_at'),
    finishedAt: instant('finished_at'),
    lastError: text('last_error'),
    updatedAt: instant('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'registry_backfills_pkey', columns: [t.organisationId] }),
    foreignKey({ name: 'registry_backfills_organisation_fk', columns: [t.organisationId], foreignColumns: [organisations.id] }).onDelete('cascade'),
    check('registry_backfills_status_check', sql`${t.status} in ('requested', 'running', 'completed', 'failed')`),
  ],
);

export type RegistryMismatchStatus = 'open' | 'accepted' | 'dismissed';

/**
 * A local person whose national identifier matches a registry person whose identity fields differ. The admin
 * decides: accept the registry's values (applied through the merge, audited) or keep the local ones. Holds the
 * names of the differing fields and the registry's values of the non-sensitive ones, never a national identifier.
 */
export const registryBackfillMismatches = pgTable(
  'registry_backfill_mismatches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id').notNull(),
    personId: uuid('person_id').notNull(),
    registryId: text('registry_id').notNull(),
    fields: text('fields').array().notNull(),
    registryValues: jsonb('registry_values').$type<Record<string, string | null>>().notNull(),
    status: text('status').$type<RegistryMismatchStatus>().notNull().default('open'),
    detectedAt: instant('detected_at').notNull(),
    resolvedAt: instant('resolved_at'),
    resolvedBy: uuid('resolved_by'),
  },
  (t) => [
    unique('registry_backfill_mismatches_org_id_key').on(t.organisationId, t.id),
    unique('registry_backfill_mismatches_person_key').on(t.organisationId, t.personId, t.registryId),
    foreignKey({ name: 'registry_backfill_mismatches_person_fk', columns: [t.organisationId, t.personId], foreignColumns: [persons.organisationId, persons.id] }).onDelete('cascade'),
    index('registry_backfill_mismatches_status_idx').on(t.organisationId, t.status, t.detectedAt),
    check('registry_backfill_mismatches_status_check', sql`${t.status} in ('open', 'accepted', 'dismissed')`),
  ],
);
