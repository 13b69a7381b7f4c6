import type { Tx } from '@/db/client';
import { personChangeRequests } from '@/db/schema';
import { recordAudit } from '@/lib/platform/audit/record-audit';
import { dispatchEvent } from '@/lib/platform/jobs/dispatch-event';
import { PERSON_CHANGE_PROPOSAL_APPROVED_EVENT } from './approve-proposal';

type SystemProposalContext = { organisationId: string; requestId: string; now: Date; user: null; afterCommit: (fn: () => void) => void };

/**
 * Spec 002: an erased person is deactivated locally (the erasure set deletedAt) and a deactivation proposal goes to
 * the registry, which decides under its own policy. The platform proposes it, so it starts approved_locally. The row
 * holds no personal data: `{ active: false }`, the (pseudonymous) person id, and the registry id it needs to reach
 * the record, which is dropped as soon as the registry decided.
 */
export async function proposeDeactivation(tx: Tx, ctx: SystemProposalContext, input: { personId: string; registryId: string; reason: 'erasure' }): Promise<string> {
  const [row] = await tx
    .insert(personChangeRequests)
    .values({
      organisationId: ctx.organisationId,
      personId: input.personId,
      kind: 'deactivate',
      fields: { active: { from: true, to: false } },
      status: 'approved_locally',
      approvedVia: 'system',
      decidedAt: ctx.now,
      registryPersonId: input.registryId,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning({ id: personChangeRequests.id });
  await recordAudit(tx, ctx, { action: 'PERSON_DEACTIVATED_FOR_ERASURE', targetType: 'PERSON', targetId: input.personId, metadata: { proposalId: row!.id, kind: 'deactivate', reason: input.reason } });
  ctx.afterCommit(() => dispatchEvent(PERSON_CHANGE_PROPOSAL_APPROVED_EVENT));
  return row!.id;
}
