import { date, foreignKey, index, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { assets } from './assets';
import { organisations } from './organisations';
import { users } from './people';

export const loanStatusEnum = pgEnum('loan_status', ['PENDING_APPROVAL', 'APPROVED', 'ACTIVE', 'RETURNED', 'REJECTED', 'CANCELLED']);

// The no-overlap rule for APPROVED and ACTIVE loans is an exclusion constraint in migration 0004 (DESIGN.md
// invariant 4); drizzle-kit cannot express it, so it lives only there.
export const loans = pgTable(
  'loans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id').notNull(),
    assetId: uuid('asset_id').notNull(),
    requesterId: uuid('requester_id').notNull(),
    approverId: uuid('approver_id'),
    decidedById: uuid('decided_by_id'),
    status: loanStatusEnum('status').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    purpose: text('purpose').notNull(),
    rejectionReason: text('rejection_reason'),
    cancellationReason: text('cancellation_reason'),
    extensionRequestedEndDate: date('extension_requested_end_date'),
    decidedAt: timestamp('decided_at', { withTimezone: true, precision: 3 }),
    pickedUpAt: timestamp('picked_up_at', { withTimezone: true, precision: 3 }),
    returnedAt: timestamp('returned_at', { withTimezone: true, precision: 3 }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, precision: 3 }),
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true, precision: 3 }),
    overdueNotifiedAt: timestamp('overdue_notified_at', { withTimezone: true, precision: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('loans_org_created_idx').on(t.organisationId, t.createdAt, t.id),
    index('loans_org_requester_idx').on(t.organisationId, t.requesterId, t.createdAt),
    index('loans_org_asset_dates_idx').on(t.organisationId, t.assetId, t.startDate),
    index('loans_org_status_end_idx').on(t.organisationId, t.status, t.endDate),
    foreignKey({ name: 'loans_organisation_fk', columns: [t.organisationId], foreignColumns: [organisations.id] }).onDelete('cascade'),
    foreignKey({ name: 'loans_asset_fk', columns: [t.organisationId, t.assetId], foreignColumns: [assets.organisationId, assets.id] }),
    foreignKey({ name: 'loans_requester_fk', columns: [t.organisationId, t.requesterId], foreignColumns: [users.organisationId, users.id] }),
    foreignKey({ name: 'loans_approver_fk', columns: [t.organisationId, t.approverId], foreignColumns: [users.organisationId, users.id] }),
    foreignKey({ name: 'loans_decided_by_fk', columns: [t.organisationId, t.decidedById], foreignColumns: [users.organisationId, users.id] }),
  ],
);
