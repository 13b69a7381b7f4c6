import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { persons, users } from '@/db/schema';

/** Display names of the given users of the tenant, for lists that show who did something. */
export async function listUserNames(tx: Tx, organisationId: string, userIds: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return new Map();
  const rows = await tx
    .select({ id: users.id, name: sql<string>`${persons.firstName} || ' ' || ${persons.lastName}` })
    .from(users)
    .innerJoin(persons, and(eq(persons.organisationId, users.organisationId), eq(persons.id, users.personId)))
    .where(and(eq(users.organisationId, organisationId), inArray(users.id, unique)));
  return new Map(rows.map((row) => [row.id, row.name]));
}
