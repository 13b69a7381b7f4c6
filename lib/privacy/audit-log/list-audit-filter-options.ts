import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { auditLog } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { listUserNames } from '@/lib/people/users/list-user-names';

export type AuditFilterOptions = {
  actions: string[];
  targetTypes: string[];
  actors: { id: string; name: string }[];
};

/** What the audit log can be filtered by: only values that occur in this tenant's log. */
export async function listAuditFilterOptions(tx: Tx, ctx: RequestContext): Promise<AuditFilterOptions> {
  const inTenant = eq(auditLog.organisationId, ctx.organisationId);
  const [actions, targetTypes, actorIds] = await Promise.all([
    tx.selectDistinct({ value: auditLog.action }).from(auditLog).where(inTenant).orderBy(asc(auditLog.action)),
    tx.selectDistinct({ value: auditLog.targetType }).from(auditLog).where(inTenant).orderBy(asc(auditLog.targetType)),
    tx.selectDistinct({ id: auditLog.actorUserId }).from(auditLog).where(and(inTenant, isNotNull(auditLog.actorUserId))),
  ]);
  const names = await listUserNames(tx, ctx.organisationId, actorIds.flatMap((row) => (row.id ? [row.id] : [])));
  const actors = [...names].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
  return { actions: actions.map((row) => row.value), targetTypes: targetTypes.map((row) => row.value), actors };
}
