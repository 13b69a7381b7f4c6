import { and, count, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { personSyncConflicts, persons } from '@/db/schema';
import { recordAudit } from '@/lib/audit/record-audit';
import type { RequestContext } from '@/lib/core/context';
import { syncConflictResolved } from './errors';
import { getSyncConflict } from './list-sync-conflicts';
import type { ResolvedSyncConflict, ResolveSyncConflictBody } from './schemas';
import { withdrawChangeRequestField } from './withdraw-change-request-field';

const withdrawalReason = "The sports registry's value was taken when an admin resolved a sync conflict.";

/**
 * The admin takes the registry's value of a conflicting field. The value is already applied (the registry
 * wins at sync time), so this closes the conflict, withdraws the field from the person's open change requests
 * (rejecting a request left with nothing to ask), and puts the person back to synced once none of their
 * conflicts is open. Audited as REGISTRY_CONFLICT_RESOLVED.
 */
export async function resolveSyncConflict(tx: Tx, ctx: RequestContext, input: { id: string; body: ResolveSyncConflictBody }): Promise<ResolvedSyncConflict> {
  const conflict = await getSyncConflict(tx, ctx, input.id, { lock: true });
  if (conflict.status !== 'open') throw syncConflictResolved(conflict.id);
  const personWhere = and(eq(persons.organisationId, ctx.organisationId), eq(persons.id, conflict.personId));
  const [person] = await tx.select({ syncStatus: persons.syncStatus }).from(persons).where(personWhere).for('update');

  const changeRequests = await withdrawChangeRequestField(tx, ctx, { personId: conflict.personId, field: conflict.field });
  const conflictWhere = (id: string) => and(eq(personSyncConflicts.organisationId, ctx.organisationId), eq(personSyncConflicts.id, id));
  await tx.update(personSyncConflicts).set({ status: 'resolved', resolution: input.body.resolution, resolvedBy: ctx.user.id, resolvedAt: ctx.now }).where(conflictWhere(conflict.id));
  const [stillOpen] = await tx
    .select({ open: count() })
    .from(personSyncConflicts)
    .where(and(eq(personSyncConflicts.organisationId, ctx.organisationId), eq(personSyncConflicts.personId, conflict.personId), eq(personSyncConflicts.status, 'open')));
  const before = person?.syncStatus ?? null;
  const syncStatus = (stillOpen?.open ?? 0) > 0 ? 'conflict' : 'synced';
  if (before === 'conflict' && syncStatus === 'synced') await tx.update(persons).set({ syncStatus, updatedAt: ctx.now }).where(personWhere);

  await recordAudit(tx, ctx, {
    action: 'REGISTRY_CONFLICT_RESOLVED',
    targetType: 'PERSON',
    targetId: conflict.personId,
    changes: before === 'conflict' && syncStatus === 'synced' ? { syncStatus: { before, after: syncStatus } } : {},
    metadata: {
      conflictId: conflict.id,
      registryId: conflict.registryId,
      fields: [conflict.field],
      resolution: input.body.resolution,
      changeRequests,
      ...(changeRequests.length > 0 ? { reason: withdrawalReason } : {}),
    },
  });
  return { conflict: await getSyncConflict(tx, ctx, conflict.id), syncStatus, changeRequests };
}
