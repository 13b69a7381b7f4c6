import { type SQL, sql } from 'drizzle-orm';
import { bigint, customType, date, foreignKey, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { categories, locations } from './catalog';
import { assetStatusEnum } from './enums';
import { organisations } from './organisations';
import { users } from './people';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const assets = pgTable(
  'assets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id').notNull(),
    name: text('name').notNull(),
    categoryId: uuid('category_id').notNull(),
    locationId: uuid('location_id').notNull(),
    status: assetStatusEnum('status').notNull().default('AVAILABLE'),
    inventoryNumber: text('inventory_number').notNull(),
    photoUrl: text('photo_url'),
    // SHA-256 (hex) of the secret printed on the asset's label: scanning it proves the asset is in hand. The
    // secret itself is shown once, when a manager prints the label; null until a label is printed.
    labelSecretHash: text('label_secret_hash'),
    labelIssuedAt: timestamp('label_issued_at', { withTimezone: true, precision: 3 }),
    serialNumber: text('serial_number'),
    manufacturer: text('manufacturer'),
    model: text('model'),
    purchaseDate: date('purchase_date'),
    value: numeric('value', { precision: 14, scale: 2 }),
    currency: text('currency').notNull().default('EUR'),
    supplier: text('supplier'),
    warrantyMonths: integer('warranty_months'),
    ownerId: uuid('owner_id'),
    customFields: jsonb('custom_fields').$type<Record<string, unknown>>().notNull().default({}),
    // Lower-cased haystack for `q`: one trigram index serves name, inventory number, serial, manufacturer and model.
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`lower(${assets.name} || ' ' || ${assets.inventoryNumber} || ' ' || coalesce(${assets.serialNumber}, '') || ' ' || coalesce(${assets.manufacturer}, '') || ' ' || coalesce(${assets.model}, ''))`,
      ),
    // The same fields as words for `q`'s full-text path (migration 0043): the `simple` configuration keeps every
    // word as it is, lower-cased, without stemming or stop words, so "r5" and "eos" stay tokens. Never selected.
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`to_tsvector('simple'::regconfig, ${assets.name} || ' ' || ${assets.inventoryNumber} || ' ' || coalesce(${assets.serialNumber}, '') || ' ' || coalesce(${assets.manufacturer}, '') || ' ' || coalesce(${assets.model}, ''))`,
      ),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    unique('assets_org_id_key').on(t.organisationId, t.id),
    uniqueIndex('assets_org_inventory_number_key').on(t.organisationId, t.inventoryNumber),
    uniqueIndex('assets_label_secret_hash_key').on(t.labelSecretHash),
    index('assets_org_created_idx').on(t.organisationId, t.createdAt, t.id),
    index('assets_org_status_created_idx').on(t.organisationId, t.status, t.createdAt, t.id),
    // Each filter with the list order, so a filtered page (or export batch) reads its rows in order and stops.
    index('assets_org_category_created_idx').on(t.organisationId, t.categoryId, t.createdAt, t.id),
    index('assets_org_location_created_idx').on(t.organisationId, t.locationId, t.createdAt, t.id),
    index('assets_org_owner_created_idx').on(t.organisationId, t.ownerId, t.createdAt, t.id),
    // The list's other orders (sort=name ignores case, sort=updatedAt); the rest reuse the indexes above.
    index('assets_org_name_idx').on(t.organisationId, sql`lower(${t.name})`, t.id),
    index('assets_org_updated_idx').on(t.organisationId, t.updatedAt, t.id),
    index('assets_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // Tenant-leading (btree_gin, migration 0042): a small tenant's search intersects its own short posting list.
    index('assets_search_vector_idx').using('gin', t.organisationId, t.searchVector),
    foreignKey({ name: 'assets_organisation_fk', columns: [t.organisationId], foreignColumns: [organisations.id] }).onDelete('cascade'),
    foreignKey({ name: 'assets_category_fk', columns: [t.organisationId, t.categoryId], foreignColumns: [categories.organisationId, categories.id] }),
    foreignKey({ name: 'assets_location_fk', columns: [t.organisationId, t.locationId], foreignColumns: [locations.organisationId, locations.id] }),
    foreignKey({ name: 'assets_owner_fk', columns: [t.organisationId, t.ownerId], foreignColumns: [users.organisationId, users.id] }),
  ],
);

// The number of assets per tenant, status, category and location, kept by triggers on assets (migration 0012), so
// pagination.total of an asset list without search or owner filter is a sum of a few rows, not a count of
// a million.
export const assetCounts = pgTable(
  'asset_counts',
  {
    organisationId: uuid('organisation_id').notNull(),
    status: assetStatusEnum('status').notNull(),
    categoryId: uuid('category_id').notNull(),
    locationId: uuid('location_id').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'asset_counts_pkey', columns: [t.organisationId, t.status, t.categoryId, t.locationId] }),
    foreignKey({ name: 'asset_counts_organisation_fk', columns: [t.organisationId], foreignColumns: [organisations.id] }).onDelete('cascade'),
  ],
);
