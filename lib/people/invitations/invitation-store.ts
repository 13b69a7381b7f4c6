import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { invitations, persons, users } from '@/db/schema';
import { ConflictError, NotFoundError } from '@/lib/platform/core/errors';
import type { Invitation } from './schemas';

export const invitationColumns = {
  id: invitations.id,
  email: invitations.email,
  role: invitations.role,
  invitedByUserId: invitations.invitedByUserId,
  inviterName: sql<string>`${persons.firstName} || ' ' || ${persons.lastName}`,
  createdAt: invitations.createdAt,
};

type InvitationRow = { id: string; email: string; role: Invitation['role']; invitedByUserId: string; inviterName: string; createdAt: Date };

export function toInvitationDto(row: InvitationRow): Invitation {
  return { id: row.id, email: row.email, role: row.role, invitedBy: { userId: row.invitedByUserId, name: row.inviterName }, createdAt: row.createdAt.toISOString() };
}

export function invitationNotFound(invitationId: string, organisationId: string): NotFoundError {
  return new NotFoundError('INVITATION_NOT_FOUND', 'The invitation does not exist or was already accepted.', { invitationId, organisationId });
}

export function invitationExists(email: string): ConflictError {
  return new ConflictError('INVITATION_EXISTS', `An invitation for ${email} is already open.`, { email });
}

export function userExists(email: string): ConflictError {
  return new ConflictError('USER_EXISTS', `A user with the e-mail address ${email} already exists.`, { email });
}

/** Open invitations only (accepted ones are history), with their inviter's name. */
export function selectOpenInvitations(tx: Executor, organisationId: string, condition?: SQL) {
  return tx
    .select(invitationColumns)
    .from(invitations)
    .innerJoin(users, and(eq(users.organisationId, invitations.organisationId), eq(users.id, invitations.invitedByUserId)))
    .innerJoin(persons, and(eq(persons.organisationId, users.organisationId), eq(persons.id, users.personId)))
    .where(and(eq(invitations.organisationId, organisationId), isNull(invitations.acceptedAt), condition));
}

export async function findOpenInvitation(tx: Executor, organisationId: string, invitationId: string): Promise<InvitationRow> {
  const [row] = await selectOpenInvitations(tx, organisationId, eq(invitations.id, invitationId));
  if (!row) throw invitationNotFound(invitationId, organisationId);
  return row;
}
