import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, pgTable, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns';
import { persons } from './people';

export type SyncConflictSource = 'webhook' | 'reconcile' | 'backfill';
export type SyncConflictStatus = 'open' | 'resolved';
/** registry_value: the registry's value (already applied) stands. local_value_reproposed: the local value goes to the registry again as a proposal. */
export type SyncConflictResolution = 'registry_value' | 'local_value_reproposed';

/**
 * Spec 002: one identity field of one person that changed both at the registry and here since the last sync.
 * The registry's value is applied at once; this row keeps the three values (the base, the local one, the
 * registry's) for the admin who resolves it. The national identifier's values are never stored (values_hidden):
 * it is only said to have changed. At most one open conflict per person and field: a later sync updates it.
 */
export const personSyncConflicts = pgTable(
  'person_sync_conflicts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id').notNull(),
    personId: uuid('person_id').notNull(),
    registryId: text('registry_id').notNull(),
    field: text('field').notNull(),
    /** The registry's value at the last sync before the conflict: what both sides changed from. */
    baseValue: text('base_value'),
    /** The local edit, or the value the open change request asks for. */
    localValue: text('local_value'),
    registryValue: text('registry_value'),
    valuesHidden: boolean('values_hidden').notNull().default(false),
    localChange: text('local_change').$type<'edited' | 'proposal'>().notNull(),
    /** The open change request that asked for the local value (no foreign key: that table is reshaped by the proposals work). */
    changeRequestId: uuid('change_request_id'),
    source: text('source').$type<SyncConflictSource>().notNull(),
    registryVersion: integer('registry_version'),
    detectedAt: instant('detected_at').notNull(),
    status: text('status').$type<SyncConflictStatus>().notNull().default('open'),
    resolution: text('resolution').$type<SyncConflictResolution>(),
    resolvedBy: uuid('resolved_by'),
    resolvedAt: instant('resolved_at'),
  },
  (t) => [
    unique('person_sync_conflicts_org_id_key').on(t.organisationId, t.id),
    uniqueIndex('person_sync_conflicts_open_key').on(t.organisationId, t.personId, t.field).where(sql`${t.status} = 'open'`),
    index('person_sync_conflicts_status_idx').on(t.organisationId, t.status, t.detectedAt, t.id),
    foreignKey({ name: 'person_sync_conflicts_person_fk', columns: [t.organisationId, t.personId], foreignColumns: [persons.organisationId, persons.id] }).onDelete('cascade'),
    check('person_sync_conflicts_field_check', sql`${t.field} in ('firstName', 'lastName', 'birthDate', 'identifierNational', 'nationality', 'officialEmail')`),
    check('person_sync_conflicts_hidden_check', sql`not ${t.valuesHidden} or (${t.baseValue} is null and ${t.localValue} is null and ${t.registryValue} is null)`),
    check('person_sync_conflicts_identifier_check', sql`${t.field} <> 'identifierNational' or ${t.valuesHidden}`),
    check('person_sync_conflicts_local_change_check', sql`${t.localChange} in ('edited', 'proposal')`),
    check('person_sync_conflicts_source_check', sql`${t.source} in ('webhook', 'reconcile', 'backfill')`),
    check('person_sync_conflicts_status_check', sql`${t.status} in ('open', 'resolved')`),
    check('person_sync_conflicts_resolution_check', sql`${t.resolution} is null or ${t.resolution} in ('registry_value', 'local_value_reproposed')`),
    check('person_sync_conflicts_resolved_check', sql`(${t.status} = 'resolved') = (${t.resolution} is not null and ${t.resolvedAt} is not null)`),
  ],
);
