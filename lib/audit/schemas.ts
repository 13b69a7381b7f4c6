import { z } from 'zod';
import { calendarInstant } from '@/lib/validation/calendar-date';
import { pageQuery } from '@/lib/api/pagination';

export const AuditEntry = z.object({
  id: z.string().describe('Monotonic identifier; newer entries have larger ids.'),
  occurredAt: z.iso.datetime(),
  actor: z.object({ type: z.enum(['USER', 'SYSTEM']), userId: z.uuid().nullable() }),
  action: z.string().describe('For example ASSET_CREATED, ASSET_UPDATED, USER_ROLE_CHANGED.'),
  target: z.object({ type: z.string(), id: z.string() }),
  assetId: z.uuid().nullable(),
  changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })).describe('Changed fields, before and after.'),
  metadata: z.record(z.string(), z.unknown()),
  requestId: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

const period = {
  from: calendarInstant('from').optional().describe('Entries at or after this instant.'),
  to: calendarInstant('to').optional().describe('Entries before this instant.'),
};

export const AssetAuditLogQuery = z.strictObject({ ...period, ...pageQuery });
export type AssetAuditLogQuery = z.infer<typeof AssetAuditLogQuery>;

export const AuditLogQuery = z.strictObject({
  actorUserId: z.uuid().optional(),
  action: z.string().regex(/^[A-Z][A-Z_]{1,63}$/, 'Use an action name such as ASSET_UPDATED.').optional(),
  targetType: z.string().regex(/^[A-Z][A-Z_]{1,63}$/).optional(),
  targetId: z.string().max(100).optional(),
  ...period,
  ...pageQuery,
});
export type AuditLogQuery = z.infer<typeof AuditLogQuery>;

export const auditCursor = z.tuple([z.string().regex(/^\d{1,19}$/)]);
