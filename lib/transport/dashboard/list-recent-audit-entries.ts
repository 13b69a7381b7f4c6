import { desc, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { auditLog } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { toReadableAuditEntries } from '@/lib/privacy/audit-log/list-audit-entries';
import { type AuditNames, resolveAuditNames } from '@/lib/privacy/audit-log/resolve-audit-names';
import type { AuditEntry } from '@/lib/platform/audit/schemas';

export type RecentAudit = { entries: AuditEntry[]; names: AuditNames };

export const RECENT_AUDIT_LIMIT = 8;

/** The newest entries of the tenant's audit log, with the names of whom and what they concern. */
export async function listRecentAuditEntries(tx: Tx, ctx: RequestContext): Promise<RecentAudit> {
  const rows = await tx.select().from(auditLog).where(eq(auditLog.organisationId, ctx.organisationId)).orderBy(desc(auditLog.occurredAt), desc(auditLog.id)).limit(RECENT_AUDIT_LIMIT);
  const entries = await toReadableAuditEntries(tx, ctx, rows);
  return { entries, names: await resolveAuditNames(tx, ctx.organisationId, entries) };
}
