import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { persons, users } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { personIsRegistered } from '@/lib/people/persons/person-is-registered';
import { personName } from '@/lib/people/persons/person-name';

/** A person who can take an asset home: an active account, not erased, not waiting for the sports registry. Its id is the user's. */
export type Borrower = { id: string; name: string };

const MAX_MATCHES = 10;

const canBorrow = (organisationId: string) =>
  and(eq(users.organisationId, organisationId), eq(users.isActive, true), isNull(persons.deletedAt), isNull(persons.anonymizedAt), personIsRegistered);

function borrowers(tx: Executor) {
  return tx
    .select({ id: users.id, name: personName })
    .from(users)
    .innerJoin(persons, and(eq(persons.organisationId, users.organisationId), eq(persons.id, users.personId)));
}

/** For the desk checkout's picker: a handful of people who can borrow, by name, never a list of everyone. */
export async function searchBorrowers(tx: Executor, ctx: Pick<RequestContext, 'organisationId'>, query: string): Promise<Borrower[]> {
  const words = query.trim().split(/\s+/).filter((word) => word.length > 0);
  if (words.length === 0 || query.trim().length < 2) return [];
  const matches = words.map((word) => {
    const pattern = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return or(sql`${persons.firstName} ilike ${pattern}`, sql`${persons.lastName} ilike ${pattern}`)!;
  });
  return borrowers(tx)
    .where(and(canBorrow(ctx.organisationId), ...matches))
    .orderBy(asc(persons.lastName), asc(persons.firstName), asc(users.id))
    .limit(MAX_MATCHES);
}

export async function findBorrower(tx: Executor, organisationId: string, userId: string): Promise<Borrower | null> {
  const [row] = await borrowers(tx).where(and(canBorrow(organisationId), eq(users.id, userId)));
  return row ?? null;
}
