import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { personChangeRequests, persons } from '@/db/schema';
import { recordAudit } from '@/lib/platform/audit/record-audit';
import { notifyProposalRejected, notifyRegistrationRejected } from './notify-proposal-rejected';
import { proposalColumns, proposalWhere } from './proposal-store';

type SettleContext = { organisationId: string; requestId: string; now: Date; user: { id: string } | null; afterCommit?: (fn: () => void) => void };

/**
 * submitted -> accepted, once, however the outcome arrived (the webhook naming the submission, or the sweep's poll).
 * The registry person id is dropped with the decision: an erased person's proposal keeps nothing leading back.
 */
export async function markProposalAccepted(tx: Tx, ctx: SettleContext, match: { submissionId: string; personId?: string }, via: 'webhook' | 'poll'): Promise<number> {
  const filters = [eq(personChangeRequests.organisationId, ctx.organisationId), eq(personChangeRequests.externalSubmissionId, match.submissionId), eq(personChangeRequests.status, 'submitted')];
  if (match.personId) filters.push(eq(personChangeRequests.personId, match.personId));
  const accepted = await tx
    .update(personChangeRequests)
    .set({ status: 'accepted', resolvedAt: ctx.now, registryPersonId: null, nextAttemptAt: null, lastError: null, updatedAt: ctx.now })
    .where(and(...filters))
    .returning({ id: personChangeRequests.id, personId: personChangeRequests.personId, kind: personChangeRequests.kind, fields: personChangeRequests.fields });
  for (const proposal of accepted) {
    await recordAudit(tx, ctx, {
      action: 'PERSON_CHANGE_ACCEPTED',
      targetType: 'PERSON',
      targetId: proposal.personId,
      changes: { status: { before: 'submitted', after: 'accepted' } },
      metadata: { proposalId: proposal.id, kind: proposal.kind, fields: Object.keys(proposal.fields), submissionId: match.submissionId, via },
    });
  }
  return accepted.length;
}

/**
 * The registry said no (its reason, from GET /submissions/{id}, or its refusal of the call): rejected. An update's
 * person is told in-app and by e-mail; a refused registration leaves the person local-only (syncStatus null) and
 * tells the admins; a refused deactivation is only audited (the person stays deactivated here).
 */
export async function markProposalRejected(tx: Tx, ctx: SettleContext, proposalId: string, reason: string): Promise<boolean> {
  const [proposal] = await tx
    .update(personChangeRequests)
    .set({ status: 'rejected', rejectionReason: reason, resolvedAt: ctx.now, registryPersonId: null, nextAttemptAt: null, updatedAt: ctx.now })
    .where(and(proposalWhere(ctx.organisationId, proposalId), inArray(personChangeRequests.status, ['approved_locally', 'submitted'])))
    .returning(proposalColumns);
  if (!proposal) return false;
  await recordAudit(tx, ctx, {
    action: 'PERSON_CHANGE_REJECTED',
    targetType: 'PERSON',
    targetId: proposal.personId,
    changes: { status: { before: proposal.externalSubmissionId ? 'submitted' : 'approved_locally', after: 'rejected' } },
    metadata: { proposalId, kind: proposal.kind, fields: Object.keys(proposal.fields), by: 'registry', submissionId: proposal.externalSubmissionId },
  });
  if (proposal.kind === 'update') await notifyProposalRejected(tx, ctx, proposal, 'registry');
  if (proposal.kind === 'create') {
    await tx
      .update(persons)
      .set({ syncStatus: null, registrySubmissionId: null, updatedAt: ctx.now })
      .where(and(eq(persons.organisationId, ctx.organisationId), eq(persons.id, proposal.personId), eq(persons.syncStatus, 'pending_registration')));
    await notifyRegistrationRejected(tx, ctx, proposal);
  }
  return true;
}
