import { z } from 'zod';
import { calendarInstant } from '@/lib/platform/validation/calendar-date';
import { pageQuery } from '@/lib/platform/pagination';
import { auditActions } from './actions';

export const AuditEntry = z.object({
  id: z.string().describe('Monotonic identifier; newer entries have larger ids.'),
  occurredAt: z.iso.datetime(),
  actor: z.object({
    type: z.enum(['USER', 'SYSTEM']),
    userId: z.uuid().nullable().describe("Null for SYSTEM, and for a USER withheld from the reader: an incident report's reporter, on the entries about that report (docs/privacy/audit-log-visibility.md, the reporter rule)."),
  }),
  action: z.string().describe('One of the actions the `action` filter accepts, for example ASSET_CREATED or anonymize_person.'),
  target: z.object({ type: z.string(), id: z.string() }),
  assetId: z.uuid().nullable(),
  changes: z
    .record(z.string(), z.object({ before: z.unknown(), after: z.unknown() }))
    .describe('Changed fields, before and after. Encrypted fields and fields a duty guards are never here: metadata.fields names them.'),
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
  action: z
    .enum(auditActions, { message: 'Use the name of an action the audit log records, such as ASSET_UPDATED or anonymize_person.' })
    .optional()
    .describe('Only entries of this action.'),
  // Spec 001's anonymize_person entries have the lower-case target type person, so both cases are accepted.
  targetType: z
    .string()
    .regex(/^[A-Za-z][A-Za-z_]{1,63}$/, 'Use a target type such as ASSET or person.')
    .optional(),
  targetId: z.string().max(100).optional(),
  ...period,
  ...pageQuery,
});
export type AuditLogQuery = z.infer<typeof AuditLogQuery>;

export const auditCursor = z.tuple([z.string().regex(/^\d{1,19}$/)]);
