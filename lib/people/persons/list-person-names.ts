import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { persons } from '@/db/schema';
import { personName } from './person-name';

/**
 * Display names of persons the caller already met in a record they may read (a thread's participants, an
 * incident's subject), so a screen shows names instead of ids. Names only: no contact or official data.
 */
export async function listPersonNames(tx: Tx, organisationId: string, personIds: readonly (string | null)[]): Promise<Map<string, string>> {
  const unique = [...new Set(personIds.filter((id): id is string => id !== null))];
  if (unique.length === 0) return new Map();
  const rows = await tx
    .select({ id: persons.id, name: personName })
    .from(persons)
    .where(and(eq(persons.organisationId, organisationId), inArray(persons.id, unique)));
  return new Map(rows.map((row) => [row.id, row.name]));
}
