import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { persons } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { personName } from './person-name';

export type PersonName = { id: string; name: string };

const MAX_MATCHES = 10;

/**
 * Anyone of the organisation may name another member to write to them or to report an incident about them, so
 * this finds active persons by name for every signed-in user. It answers the name alone (no contact, role or
 * official data: that stays the directory's, getPerson/listPersons), and a handful of matches, never a list.
 */
export async function searchPersonNames(tx: Tx, ctx: Pick<RequestContext, 'organisationId'>, query: string): Promise<PersonName[]> {
  const words = query.trim().split(/\s+/).filter((word) => word.length > 0);
  if (words.length === 0 || query.trim().length < 2) return [];
  const matches = words.map((word) => {
    const pattern = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return or(sql`${persons.firstName} ilike ${pattern}`, sql`${persons.lastName} ilike ${pattern}`)!;
  });
  return tx
    .select({ id: persons.id, name: personName })
    .from(persons)
    .where(and(eq(persons.organisationId, ctx.organisationId), isNull(persons.deletedAt), isNull(persons.anonymizedAt), ...matches))
    .orderBy(asc(persons.lastName), asc(persons.firstName), asc(persons.id))
    .limit(MAX_MATCHES);
}
