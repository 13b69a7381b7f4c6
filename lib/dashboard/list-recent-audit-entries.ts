import { and, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { assets, auditLog, persons, users } from '@/db/schema';
import type { RequestContext } from '@/lib/core/context';

export type RecentAuditEntry = {
  id: string;
  occurredAt: string;
  actorName: string | null;
  actorType: 'USER' | 'SYSTEM';
  action: string;
  targetType: string;
  targetId: string;
  /** The asset the entry concerns (loans and assets), so that people see a name rather than an id. */
  assetName: string | null;
};

export const RECENT_AUDIT_LIMIT = 8;

/** The newest entries of the tenant's audit log, with the actor's name where a person acted. */
export async function listRecentAuditEntries(tx: Tx, ctx: RequestContext): Promise<RecentAuditEntry[]> {
  const rows = await tx
    .select({
      id: auditLog.id,
      occurredAt: auditLog.occurredAt,
      actorType: auditLog.actorType,
      actorName: sql<string | null>`${persons.firstName} || ' ' || ${persons.lastName}`,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      assetName: assets.name,
    })
    .from(auditLog)
    .leftJoin(users, and(eq(users.organisationId, auditLog.organisationId), eq(users.id, auditLog.actorUserId)))
    .leftJoin(persons, and(eq(persons.organisationId, users.organisationId), eq(persons.id, users.personId)))
    .leftJoin(assets, and(eq(assets.organisationId, auditLog.organisationId), eq(assets.id, auditLog.assetId)))
    .where(eq(auditLog.organisationId, ctx.organisationId))
    .orderBy(desc(auditLog.occurredAt), desc(auditLog.id))
    .limit(RECENT_AUDIT_LIMIT);
  return rows.map((row) => ({ ...row, id: row.id.toString(), occurredAt: row.occurredAt.toISOString() }));
}
