import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { invitations } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { recordAudit } from '@/lib/platform/audit/record-audit';
import { invitationNotFound } from './invitation-store';

/** Only an open invitation can be revoked; an accepted one is the history of a user's account. */
export async function revokeInvitation(tx: Tx, ctx: RequestContext, invitationId: string): Promise<void> {
  const [revoked] = await tx
    .delete(invitations)
    .where(and(eq(invitations.organisationId, ctx.organisationId), eq(invitations.id, invitationId), isNull(invitations.acceptedAt)))
    .returning({ email: invitations.email, role: invitations.role });
  if (!revoked) throw invitationNotFound(invitationId, ctx.organisationId);
  await recordAudit(tx, ctx, {
    action: 'INVITATION_REVOKED',
    targetType: 'INVITATION',
    targetId: invitationId,
    changes: { email: { before: revoked.email, after: null }, role: { before: revoked.role, after: null } },
  });
}
