import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { persons, users } from '@/db/schema';
import type { Role } from '@/lib/platform/auth/roles';
import { personIsRegistered } from '@/lib/people/persons/person-is-registered';

export type Approver = { id: string; name: string; role: Role };

/**
 * Who may approve loans: the tenant's active asset managers and admins (lib/lending/loans/policy.ts checks the same), except
 * those whose person waits for the registry to accept them (pending_registration).
 */
export async function listApprovers(tx: Tx, organisationId: string): Promise<Approver[]> {
  return tx
    .select({ id: users.id, name: sql<string>`${persons.firstName} || ' ' || ${persons.lastName}`, role: users.role })
    .from(users)
    .innerJoin(persons, and(eq(persons.organisationId, users.organisationId), eq(persons.id, users.personId)))
    .where(and(eq(users.organisationId, organisationId), eq(users.isActive, true), inArray(users.role, ['ASSET_MANAGER', 'ADMIN']), personIsRegistered))
    .orderBy(asc(persons.firstName), asc(persons.lastName))
    .limit(500);
}
