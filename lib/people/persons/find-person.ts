import { and, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { persons } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import type { Person } from './schemas';
import { personColumns, personNotFound, toPersonDto } from './to-person-dto';

/** A person without the national identifier: what an admin's write answers, so no write counts as a sensitive read. */
export async function findPerson(tx: Tx, ctx: Pick<RequestContext, 'organisationId'>, personId: string): Promise<Person> {
  const [row] = await tx.select(personColumns).from(persons).where(and(eq(persons.organisationId, ctx.organisationId), eq(persons.id, personId)));
  if (!row) throw personNotFound(personId, ctx.organisationId);
  return toPersonDto(row);
}
