import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { persons, users } from '@/db/schema';
import type { Duty } from '@/lib/platform/auth/duties';
import type { Role } from '@/lib/platform/auth/roles';
import { type ErasureReason, erasureReasonOf } from '@/lib/privacy/erasure/erased-sign-in';

export type PortalUser = {
  id: string;
  personId: string;
  role: Role;
  duties: Duty[];
  isActive: boolean;
  /** Set once the account was erased: its session ends on the page that says so. */
  erasure: ErasureReason | null;
  name: string;
  email: string | null;
};

/** The signed-in user as the database knows them now: role, duties and isActive are never taken from the session. */
export async function getPortalUser(tx: Tx, organisationId: string, userId: string): Promise<PortalUser | null> {
  const [row] = await tx
    .select({
      id: users.id,
      personId: users.personId,
      role: users.role,
      duties: users.duties,
      isActive: users.isActive,
      name: sql<string>`${persons.firstName} || ' ' || ${persons.lastName}`,
      email: users.email,
      idpSubject: users.idpSubject,
    })
    .from(users)
    .innerJoin(persons, eq(persons.id, users.personId))
    .where(and(eq(users.organisationId, organisationId), eq(users.id, userId)));
  if (!row) return null;
  const { idpSubject, ...user } = row;
  return { ...user, erasure: erasureReasonOf(idpSubject) };
}
