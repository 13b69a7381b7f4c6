import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns';
import { organisations } from './organisations';

/**
 * Code lists (spec 002). Global, not per tenant: a registry list is the same for every tenant. Local-only lists
 * (is_local, source 'local') are never requested from the registry; their values are all tenant custom values.
 * The registry lists' rows and values are written only by the sync, through SECURITY DEFINER functions.
 */
export const codelists = pgTable(
  'codelists',
  {
    name: text('name').primaryKey(),
    label: text('label').notNull(),
    isLocal: boolean('is_local').notNull().default(false),
    source: text('source').notNull(),
    /** How often the sync asks the registry: 'weekly' or 'daily'; null for local lists. */
    cadence: text('cadence'),
    /** The newest registry updatedAt seen (the registry's clock): the next sync asks for changes since then. */
    changedSince: instant('changed_since'),
    lastSyncedAt: instant('last_synced_at'),
    lastError: text('last_error'),
  },
  (t) => [
    check('codelists_source_check', sql`${t.source} in ('registry', 'local') and (${t.source} = 'local') = ${t.isLocal}`),
    check('codelists_cadence_check', sql`(${t.isLocal} and ${t.cadence} is null) or (not ${t.isLocal} and ${t.cadence} in ('weekly', 'daily'))`),
  ],
);

/**
 * A value of a code list. Registry values have custom_for_org_id null and are readable by every tenant; custom
 * values (is_custom) belong to one tenant, are visible only to it, never sent to the registry, and never touched
 * by the sync. Values are deactivated, never deleted: records may reference them.
 */
export const codelistValues = pgTable(
  'codelist_values',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    codelist: text('codelist').notNull(),
    code: text('code').notNull(),
    label: text('label').notNull(),
    active: boolean('active').notNull().default(true),
    isCustom: boolean('is_custom').notNull().default(true),
    customForOrgId: uuid('custom_for_org_id'),
    /** The registry's updatedAt of a registry value; null for custom values. */
    registryUpdatedAt: instant('registry_updated_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ name: 'codelist_values_codelist_fk', columns: [t.codelist], foreignColumns: [codelists.name] }),
    foreignKey({ name: 'codelist_values_custom_for_org_fk', columns: [t.customForOrgId], foreignColumns: [organisations.id] }).onDelete('cascade'),
    uniqueIndex('codelist_values_registry_key').on(t.codelist, t.code).where(sql`${t.customForOrgId} is null`),
    uniqueIndex('codelist_values_custom_key').on(t.codelist, t.customForOrgId, t.code).where(sql`${t.customForOrgId} is not null`),
    index('codelist_values_custom_org_idx').on(t.customForOrgId),
    check('codelist_values_custom_check', sql`${t.isCustom} = (${t.customForOrgId} is not null)`),
  ],
);
