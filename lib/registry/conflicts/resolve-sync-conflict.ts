import { and, count, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { personChangeRequests, personSyncConflicts, persons } from '@/db/schema';
import { recordAudit } from '@/lib/platform/audit/record-audit';
import type { RequestContext } from '@/lib/platform/core/context';
import { dispatchEvent } from '@/lib/platform/jobs/dispatch-event';
import { PERSON_CHANGE_PROPOSAL_APPROVED_EVENT } from '@/lib/registry/proposals/approve-proposal';
import { isRegistrySyncOn } from '../adapter/get-registry-adapter';
import { registrySyncOff, syncConflictResolved, syncConflictValueHidden } from './errors';
import { getSyncConflict } from './list-sync-conflicts';
import type { ResolvedSyncConflict, ResolveSyncConflictBody } from './schemas';
import { withdrawChangeRequestField } from './withdraw-change-request-field';

const withdrawalReason = {
  registry_value: "The sports registry's value was taken when an admin resolved a sync conflict.",
  local_value_reproposed: 'The local value was proposed to the sports registry again, against its new value, when an admin resolved a sync conflict.',
} as const;

/**
 * The admin resolves a conflicting field (DESIGN.md three-way merge). The registry's value is already applied
 * (the registry wins at sync time), so either way this closes the conflict, withdraws the field from the
 * person's change proposals still here (rejecting one left with nothing to ask), and puts the person back to
 * synced once none of their conflicts is open.
 * - registry_value: that is all; the registry's value stands.
 * - local_value_reproposed: the local value is proposed again against the new base (from = the registry's value
 *   now), as a new proposal approved by this admin, which the submission job sends after the commit.
 * Audited as REGISTRY_CONFLICT_RESOLVED.
 */
export async function resolveSyncConflict(tx: Tx, ctx: RequestContext, input: { id: string; body: ResolveSyncConflictBody }): Promise<ResolvedSyncConflict> {
  const conflict = await getSyncConflict(tx, ctx, input.id, { lock: true });
  if (conflict.status !== 'open') throw syncConflictResolved(conflict.id);
  const repropose = input.body.resolution === 'local_value_reproposed';
  if (repropose && conflict.valuesHidden) throw syncConflictValueHidden(conflict.id);
  if (repropose && !isRegistrySyncOn()) throw registrySyncOff();
  const personWhere = and(eq(persons.organisationId, ctx.organisationId), eq(persons.id, conflict.personId));
  const [person] = await tx.select({ syncStatus: persons.syncStatus }).from(persons).where(personWhere).for('update');

  const changeRequests = await withdrawChangeRequestField(tx, ctx, { personId: conflict.personId, field: conflict.field, reason: withdrawalReason[input.body.resolution] });
  const conflictWhere = (id: string) => and(eq(personSyncConflicts.organisationId, ctx.organisationId), eq(personSyncConflicts.id, id));
  await tx.update(personSyncConflicts).set({ status: 'resolved', resolution: input.body.resolution, resolvedBy: ctx.user.id, resolvedAt: ctx.now }).where(conflictWhere(conflict.id));
  let proposalId: string | null = null;
  if (repropose) {
    let proposer = ctx.user.id;
    if (conflict.changeRequestId) {
      const [original] = await tx
        .select({ requestedByUserId: personChangeRequests.requestedByUserId })
        .from(personChangeRequests)
        .where(and(eq(personChangeRequests.organisationId, ctx.organisationId), eq(personChangeRequests.id, conflict.changeRequestId)));
      proposer = original?.requestedByUserId ?? proposer;
    }
    const [proposal] = await tx
      .insert(personChangeRequests)
      .values({
        organisationId: ctx.organisationId,
        personId: conflict.personId,
        kind: 'update',
        requestedByUserId: proposer,
        fields: { [conflict.field]: { from: conflict.registryValue, to: conflict.localValue } },
        status: 'approved_locally',
        approvedVia: 'admin',
        decidedAt: ctx.now,
        decidedByUserId: ctx.user.id,
        registryPersonId: conflict.registryId,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning({ id: personChangeRequests.id });
    proposalId = proposal!.id;
    ctx.afterCommit(() => dispatchEvent(PERSON_CHANGE_PROPOSAL_APPROVED_EVENT));
  }
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
      ...(proposalId ? { proposalId } : {}),
      ...(changeRequests.length > 0 ? { reason: withdrawalReason[input.body.resolution] } : {}),
    },
  });
  return { conflict: await getSyncConflict(tx, ctx, conflict.id), syncStatus, changeRequests, proposalId };
}
