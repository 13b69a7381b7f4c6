import type { Tx } from '@/db/client';
import { personChangeRequests } from '@/db/schema';
import { recordAudit } from '@/lib/platform/audit/record-audit';
import type { ProposalContext } from './approve-proposal';
import { notifyProposalRejected } from './notify-proposal-rejected';
import { findProposal, proposalStateConflict, proposalWhere, type ProposalRow } from './proposal-store';

/** An admin turns a pending proposal down: rejected with the reason, which the person is told in-app and by e-mail. */
export async function rejectProposal(tx: Tx, ctx: ProposalContext, proposalId: string, input: { reason: string }): Promise<ProposalRow> {
  const proposal = await findProposal(tx, ctx.organisationId, proposalId, { lock: true });
  if (proposal.status !== 'pending') throw proposalStateConflict(proposalId, proposal.status, 'reject');
  await tx
    .update(personChangeRequests)
    .set({ status: 'rejected', rejectionReason: input.reason, decidedAt: ctx.now, decidedByUserId: ctx.user?.id ?? null, resolvedAt: ctx.now, emailTokenHash: null, updatedAt: ctx.now })
    .where(proposalWhere(ctx.organisationId, proposalId));
  await recordAudit(tx, ctx, {
    action: 'PERSON_CHANGE_REJECTED',
    targetType: 'PERSON',
    targetId: proposal.personId,
    changes: { status: { before: 'pending', after: 'rejected' } },
    metadata: { proposalId, fields: Object.keys(proposal.fields), by: 'admin' },
  });
  await notifyProposalRejected(tx, ctx, { ...proposal, rejectionReason: input.reason });
  return findProposal(tx, ctx.organisationId, proposalId);
}
