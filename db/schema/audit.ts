import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AuditAction } from '@/lib/platform/audit/actions';
import { auditActorTypeEnum } from './enums';
import { organisations } from './organisations';

export type AuditChanges = Record<string, { before: unknown; after: unknown }>;

// Append-only: a trigger (custom migration) rejects UPDATE, DELETE and TRUNCATE outside the retention purge.
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    occurredAt: timestamp('occurred_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    actorType: auditActorTypeEnum('actor_type').notNull(),
    actorUserId: uuid('actor_user_id'),
    action: text('action').$type<AuditAction>().notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    assetId: uuid('asset_id'),
    changes: jsonb('changes').$type<AuditChanges>().notNull().default({}),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    requestId: text('request_id'),
  },
  (t) => [
    index('audit_log_org_occurred_idx').on(t.organisationId, t.occurredAt, t.id),
    index('audit_log_org_asset_idx').on(t.organisationId, t.assetId, t.occurredAt, t.id),
    index('audit_log_org_actor_idx').on(t.organisationId, t.actorUserId, t.occurredAt),
    index('audit_log_org_action_idx').on(t.organisationId, t.action, t.occurredAt),
    // The access history of one record (SENSITIVE_RECORD_VIEWED) and a subject's data export look entries up by target.
    index('audit_log_org_target_idx').on(t.organisationId, t.targetId, t.id),
  ],
);
