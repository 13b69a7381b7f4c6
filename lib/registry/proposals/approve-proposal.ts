import type { Tx } from '@/db/client';
import { personChangeRequests } from '@/db/schema';
import { recordAudit } from '@/lib/platform/audit/record-audit';
import { dispatchEvent } from '@/lib/platform/jobs/dispatch-event';
import { applyProposalLocally } from './apply-proposal-locally';
import { findProposal, findProposalPerson, proposalStateConflict, proposalWhere, type ProposalRow } from './proposal-store';

export const PERSON_CHANGE_PROPOSAL_APPROVED_EVENT = 'quartermaster/person-change-proposal.approved';

export type ProposalContext = { organisationId: string; requestId: string; now: Date; user: { id: string } | null; afterCommit: (fn: () => void) => void };
export type ApproveOptions = { via: 'admin' | 'email_confirmation'; /** false in phase 0 (REGISTRY_URL unset). */ registrySync: boolean };

/**
 * pending -> approved_locally, to be submitted to the registry by the submission job (told after the commit; its
 * sweep covers a lost event). In phase 0, or for a local-only person (no registry id), the platform is
 * authoritative: the change is applied to the person at once and the proposal is accepted.
 */
export async function approveProposal(tx: Tx, ctx: ProposalContext, proposalId: string, options: ApproveOptions): Promise<ProposalRow> {
  const proposal = await findProposal(tx, ctx.organisationId, proposalId, { lock: true });
  if (proposal.status !== 'pending') throw proposalStateConflict(proposalId, proposal.status, 'approve');
  const person = await findProposalPerson(tx, ctx.organisationId, proposal.personId);
  const toRegistry = options.registrySync && person?.registryId != null;
  const decided = { decidedAt: ctx.now, decidedByUserId: ctx.user?.id ?? null, approvedVia: options.via, updatedAt: ctx.now };
  if (toRegistry) {
    await tx
      .update(personChangeRequests)
      .set({ ...decided, status: 'approved_locally', registryPersonId: person!.registryId, nextAttemptAt: null, emailTokenHash: null })
      .where(proposalWhere(ctx.organisationId, proposalId));
    ctx.afterCommit(() => dispatchEvent(PERSON_CHANGE_PROPOSAL_APPROVED_EVENT));
  } else {
    await applyProposalLocally(tx, ctx, proposal);
    await tx
      .update(personChangeRequests)
      .set({ ...decided, status: 'accepted', resolvedAt: ctx.now, emailTokenHash: null })
      .where(proposalWhere(ctx.organisationId, proposalId));
  }
  const after = toRegistry ? 'approved_locally' : 'accepted';
  await recordAudit(tx, ctx, {
    action: 'PERSON_CHANGE_APPROVED',
    targetType: 'PERSON',
    targetId: proposal.personId,
    changes: { status: { before: 'pending', after } },
    metadata: { proposalId, fields: Object.keys(proposal.fields), via: options.via, appliedLocally: !toRegistry },
  });
  return findProposal(tx, ctx.organisationId, proposalId);
}
