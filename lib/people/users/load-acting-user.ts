import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { persons, users } from '@/db/schema';
import { ForbiddenError } from '@/lib/platform/core/errors';
import { recordAudit } from '@/lib/platform/audit/record-audit';
import { acceptInvitation } from '@/lib/people/invitations/accept-invitation';
import { findInvitationForEmail } from '@/lib/people/invitations/find-invitation-for-email';
import type { AccessTokenClaims } from '@/lib/platform/auth/verify-access-token';
import { type ActingUser, createContext } from '@/lib/platform/core/context';
import { refuseErasedSignIn } from '@/lib/privacy/erasure/erased-sign-in';
import { recordAdminSession } from './record-admin-session';

const NAME_LIMIT = 200;

async function provisionUser(tx: Tx, organisationId: string, claims: AccessTokenClaims, requestId: string, signIn: boolean): Promise<ActingUser> {
  const email = claims.email?.slice(0, 320) ?? null;
  const [person] = await tx
    .insert(persons)
    .values({
      organisationId,
      firstName: (claims.given_name ?? '').slice(0, NAME_LIMIT) || 'New',
      lastName: (claims.family_name ?? '').slice(0, NAME_LIMIT) || 'User',
      officialEmail: email,
    })
    .returning({ id: persons.id });
  // The spec: a first sign-in creates the account; an admin assigns the role, whatever the token says. The
  // admin may do so ahead of time by inviting the address.
  const invitation = email ? await findInvitationForEmail(tx, organisationId, email) : null;
  const role = invitation?.role ?? 'EMPLOYEE';
  const [user] = await tx
    .insert(users)
    .values({ organisationId, personId: person!.id, idpSubject: claims.userId, email, role, lastSeenAt: signIn ? new Date() : null })
    .returning({ id: users.id, personId: users.personId, role: users.role, duties: users.duties });
  if (invitation) await acceptInvitation(tx, organisationId, invitation.id, user!.id);
  await recordAudit(tx, createContext({ organisationId, requestId, user: null }).ctx, {
    action: 'USER_PROVISIONED',
    targetType: 'USER',
    targetId: user!.id,
    changes: { role: { before: null, after: role }, email: { before: null, after: email } },
    metadata: invitation ? { via: 'invitation', invitationId: invitation.id } : { via: 'just-in-time' },
  });
  if (signIn) await recordAdminSession(tx, organisationId, user!, requestId, 'signed-in');
  return user!;
}

export type LoadActingUserOptions = {
  signIn?: boolean;
  /** The pseudonym secret, to recognise an identity whose account was erased; null where erasure is not set up. */
  pseudonymSecret?: string | null;
};

/**
 * The database, not the token, is authoritative for role, duties and isActive: an admin's change applies on the next
 * request. A first-seen subject is provisioned just in time as EMPLOYEE, unless its account was erased (403).
 */
export async function loadActingUser(tx: Tx, organisationId: string, claims: AccessTokenClaims, requestId: string, options: LoadActingUserOptions = {}): Promise<ActingUser> {
  const find = () =>
    tx
      .select({ id: users.id, personId: users.personId, role: users.role, duties: users.duties, isActive: users.isActive })
      .from(users)
      .where(and(eq(users.organisationId, organisationId), eq(users.idpSubject, claims.userId)));
  let [found] = await find();
  if (!found) {
    // Two first requests of one user may race; the lock makes the second one see the first one's user.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${organisationId}:${claims.userId}`}, 0))`);
    [found] = await find();
    if (!found) {
      await refuseErasedSignIn(tx, organisationId, claims.userId, options.pseudonymSecret ?? null);
      return provisionUser(tx, organisationId, claims, requestId, options.signIn ?? false);
    }
  }
  if (!found.isActive) throw new ForbiddenError('This account is deactivated.', { reason: 'user_inactive' });
  // Written on portal sign-ins only: an update on every API call would lock the user's row for the whole
  // request and deadlock against updateUser's lock of the admin rows.
  if (options.signIn) {
    await tx.update(users).set({ lastSeenAt: new Date() }).where(and(eq(users.organisationId, organisationId), eq(users.id, found.id)));
    await recordAdminSession(tx, organisationId, found, requestId, 'signed-in');
  }
  return { id: found.id, personId: found.personId, role: found.role, duties: found.duties };
}
