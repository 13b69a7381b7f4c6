import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { persons } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { DomainError } from '@/lib/platform/core/errors';

export const personNotRegistered = (personId: string) =>
  new DomainError('forbidden', 'PERSON_NOT_REGISTERED', 'Your person record is waiting for the sports registry to accept it; you can borrow once it is registered.', {
    personId,
    syncStatus: 'pending_registration',
  });

/** DESIGN.md (spec 002): a person in pending_registration cannot borrow until the registry accepts them. */
export async function assertPersonRegistered(tx: Executor, ctx: RequestContext): Promise<void> {
  const [person] = await tx
    .select({ syncStatus: persons.syncStatus })
    .from(persons)
    .where(and(eq(persons.organisationId, ctx.organisationId), eq(persons.id, ctx.user.personId)));
  if (person?.syncStatus === 'pending_registration') throw personNotRegistered(ctx.user.personId);
}
