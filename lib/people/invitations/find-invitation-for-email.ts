import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { invitations } from '@/db/schema';
import type { Role } from '@/lib/platform/auth/roles';

export type OpenInvitation = { id: string; role: Role };

/**
 * This tenant's open invitation for the address, ignoring case, locked until the transaction ends so that
 * it is accepted once and cannot be revoked halfway through a sign-in.
 */
export async function findInvitationForEmail(tx: Tx, organisationId: string, email: string): Promise<OpenInvitation | null> {
  const [open] = await tx
    .select({ id: invitations.id, role: invitations.role })
    .from(invitations)
    .where(and(eq(invitations.organisationId, organisationId), isNull(invitations.acceptedAt), sql`lower(${invitations.email}) = ${email.toLowerCase()}`))
    .orderBy(asc(invitations.createdAt))
    .limit(1)
    .for('update');
  return open ?? null;
}
