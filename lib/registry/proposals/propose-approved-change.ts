import type { Tx } from '@/db/client';
import { type PersonFieldChanges, personChangeRequests } from '@/db/schema';
import { recordAudit } from '@/lib/platform/audit/record-audit';
import { dispatchEvent } from '@/lib/platform/jobs/dispatch-event';
import type { ProposalContext } from './approve-proposal';
import { PERSON_CHANGE_PROPOSAL_APPROVED_EVENT } from './approve-proposal';

export type ApprovedChange =
  /** An ADMIN changed registry-mastered fields of a mirrored person: they are the local approver too. */
  | { via: 'admin'; personId: string; registryId: string; fields: PersonFieldChanges }
  /** A partial erasure asks the registry to clear its copy of the erased fields (`to: null`, nothing kept in `from`). */
  | { via: 'erasure'; personId: string; registryId: string; fields: PersonFieldChanges; erasureRequestId: string };

export type ProposedChange = { id: string; status: 'approved_locally'; fields: string[] };

/**
 * A change of a mirrored person's identity fields that this platform has already approved (spec 002, sync out):
 * the person is not changed here, the proposal starts approved_locally and the submission job sends it once the
 * transaction committed. The registry decides; its acceptance reaches the person through the sync merge.
 * Audited as PERSON_CHANGE_PROPOSED with the field names (a national identifier is kept sealed, never shown).
 */
export async function proposeApprovedChange(tx: Tx, ctx: ProposalContext, change: ApprovedChange): Promise<ProposedChange> {
  const byAdmin = change.via === 'admin';
  const [row] = await tx
    .insert(personChangeRequests)
    .values({
      organisationId: ctx.organisationId,
      personId: change.personId,
      kind: 'update',
      requestedByUserId: byAdmin ? (ctx.user?.id ?? null) : null,
      fields: change.fields,
      status: 'approved_locally',
      approvedVia: byAdmin ? 'admin' : 'system',
      decidedByUserId: byAdmin ? (ctx.user?.id ?? null) : null,
      decidedAt: ctx.now,
      registryPersonId: change.registryId,
      erasureRequestId: byAdmin ? null : change.erasureRequestId,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning({ id: personChangeRequests.id });
  const fields = Object.keys(change.fields);
  await recordAudit(tx, ctx, {
    action: 'PERSON_CHANGE_PROPOSED',
    targetType: 'PERSON',
    targetId: change.personId,
    metadata: { proposalId: row!.id, fields, via: change.via, ...(byAdmin ? {} : { erasureRequestId: change.erasureRequestId }) },
  });
  ctx.afterCommit(() => dispatchEvent(PERSON_CHANGE_PROPOSAL_APPROVED_EVENT));
  return { id: row!.id, status: 'approved_locally', fields };
}
