import { and, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { persons } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { personNotFound } from './to-person-dto';

/** The subject of a new record is a person of the tenant; another tenant's person answers like a missing one. */
export async function assertTenantPerson(tx: Tx, ctx: Pick<RequestContext, 'organisationId'>, personId: string): Promise<void> {
  const [person] = await tx
    .select({ id: persons.id })
    .from(persons)
    .where(and(eq(persons.organisationId, ctx.organisationId), eq(persons.id, personId)));
  if (!person) throw personNotFound(personId, ctx.organisationId);
}
