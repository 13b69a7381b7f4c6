import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { invitations } from '@/db/schema';

/** Called while the invitee is provisioned, in the same transaction: the role and the acceptance commit together. */
export async function acceptInvitation(tx: Tx, organisationId: string, invitationId: string, userId: string): Promise<void> {
  await tx
    .update(invitations)
    .set({ acceptedAt: new Date(), acceptedUserId: userId })
    .where(and(eq(invitations.organisationId, organisationId), eq(invitations.id, invitationId), isNull(invitations.acceptedAt)));
}
