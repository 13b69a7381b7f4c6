import { sql } from 'drizzle-orm';
import { check, customType, date, foreignKey, index, integer, numeric, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { assets } from './assets';
import { organisations } from './organisations';
import { users } from './people';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

export const maintenanceKindEnum = pgEnum('maintenance_kind', ['REPAIR', 'SERVICE', 'INSPECTION']);
export const maintenanceStatusEnum = pgEnum('maintenance_status', ['PLANNED', 'DONE']);

// Repairs, services and inspections of an asset: planned ones carry a date ahead, done ones what they cost.
export const assetMaintenance = pgTable(
  'asset_maintenance',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id').notNull(),
    assetId: uuid('asset_id').notNull(),
    kind: maintenanceKindEnum('kind').notNull(),
    status: maintenanceStatusEnum('status').notNull().default('PLANNED'),
    title: text('title').notNull(),
    description: text('description'),
    scheduledFor: date('scheduled_for'),
    performedOn: date('performed_on'),
    cost: numeric('cost', { precision: 12, scale: 2 }),
    currency: text('currency').notNull().default('EUR'),
    vendor: text('vendor'),
    createdByUserId: uuid('created_by_user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('asset_maintenance_org_asset_idx').on(t.organisationId, t.assetId, t.createdAt),
    check('asset_maintenance_cost_check', sql`${t.cost} is null or ${t.cost} >= 0`),
    foreignKey({ name: 'asset_maintenance_organisation_fk', columns: [t.organisationId], foreignColumns: [organisations.id] }).onDelete('cascade'),
    foreignKey({ name: 'asset_maintenance_asset_fk', columns: [t.organisationId, t.assetId], foreignColumns: [assets.organisationId, assets.id] }).onDelete('cascade'),
    foreignKey({ name: 'asset_maintenance_creator_fk', columns: [t.organisationId, t.createdByUserId], foreignColumns: [users.organisationId, users.id] }),
  ],
);

// The uploaded photo of an asset (one per asset), served through the API and the portal with the tenant checked.
export const assetPhotos = pgTable(
  'asset_photos',
  {
    assetId: uuid('asset_id').primaryKey(),
    organisationId: uuid('organisation_id').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    content: bytea('content').notNull(),
    uploadedByUserId: uuid('uploaded_by_user_id').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    check('asset_photos_content_type_check', sql`${t.contentType} in ('image/png', 'image/jpeg', 'image/webp')`),
    foreignKey({ name: 'asset_photos_organisation_fk', columns: [t.organisationId], foreignColumns: [organisations.id] }).onDelete('cascade'),
    foreignKey({ name: 'asset_photos_asset_fk', columns: [t.organisationId, t.assetId], foreignColumns: [assets.organisationId, assets.id] }).onDelete('cascade'),
  ],
);
