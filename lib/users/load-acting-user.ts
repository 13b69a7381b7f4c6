import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { persons, users } from '@/db/schema';
import { ForbiddenError } from '@/lib/api/errors';
import { recordAudit } from '@/lib/audit/record-audit';
import type { AccessTokenClaims } from '@/lib/auth/verify-access-token';
import type { Role } from '@/lib/auth/roles';

export type ActingUser = { id: string; personId: string; role: Role };

const NAME_LIMIT = 200;

async function provisionUser(tx: Tx, organisationId: string, claims: AccessTokenClaims, requestId: string): Promise<ActingUser> {
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
  // The spec: a first sign-in creates the account; an admin assigns the role later, whatever the token says.
  const [user] = await tx
    .insert(users)
    .values({ organisationId, personId: person!.id, idpSubject: claims.userId, email, role: 'EMPLOYEE' })
    .returning({ id: users.id, personId: users.personId, role: users.role });
  await recordAudit(tx, { organisationId, requestId, user: null }, {
    action: 'USER_PROVISIONED',
    targetType: 'USER',
    targetId: user!.id,
    changes: { role: { before: null, after: 'EMPLOYEE' }, email: { before: null, after: email } },
    metadata: { via: 'just-in-time' },
  });
  return user!;
}

/**
 * The database, not the token, is authoritative for role and isActive: an admin's change applies on the next
 * request. A first-seen subject is provisioned just in time as EMPLOYEE.
 */
export async function loadActingUser(tx: Tx, organisationId: string, claims: AccessTokenClaims, requestId: string): Promise<ActingUser> {
  const find = () =>
    tx
      .select({ id: users.id, personId: users.personId, role: users.role, isActive: users.isActive })
      .from(users)
      .where(and(eq(users.organisationId, organisationId), eq(users.idpSubject, claims.userId)));
  let [found] = await find();
  if (!found) {
    // Two first requests of one user may race; the lock makes the second one see the first one's user.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${organisationId}:${claims.userId}`}, 0))`);
    [found] = await find();
    if (!found) return provisionUser(tx, organisationId, claims, requestId);
  }
  if (!found.isActive) throw new ForbiddenError('This account is deactivated.', { reason: 'user_inactive' });
  return { id: found.id, personId: found.personId, role: found.role };
}
