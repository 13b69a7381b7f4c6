import { and, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { persons } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { assertCanReadPerson } from './get-person';
import type { Person } from './schemas';
import { personColumns, personNotFound, toPersonDto } from './to-person-dto';

/**
 * A person without the national identifier, under getPerson's access rule: for the portal's person pages,
 * which decrypt (and audit) the identifier only when the reader asks to see it.
 */
export async function getPersonSummary(tx: Tx, ctx: RequestContext, personId: string): Promise<Person> {
  assertCanReadPerson(ctx, personId);
  const [row] = await tx
    .select(personColumns)
    .from(persons)
    .where(and(eq(persons.organisationId, ctx.organisationId), eq(persons.id, personId)));
  if (!row) throw personNotFound(personId, ctx.organisationId);
  return toPersonDto(row);
}
