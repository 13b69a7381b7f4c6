import { and, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { persons } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { ConflictError, DomainError } from '@/lib/platform/core/errors';
import { proposeRegistration } from '@/lib/registry/proposals/propose-registration';
import { findPerson } from './find-person';
import type { Person } from './schemas';
import { personNotFound } from './to-person-dto';

export const registrySyncOff = () =>
  new DomainError('unavailable', 'REGISTRY_SYNC_OFF', 'Registry synchronisation is not configured on this platform (phase 0: REGISTRY_URL is unset), so there is no registry to register the person with.');

export const personNotLocalOnly = (personId: string, syncStatus: string | null, registryId: string | null) =>
  new ConflictError('PERSON_NOT_LOCAL_ONLY', 'Only a local-only person (no registry id, not waiting for registration, not deleted) can be proposed to the registry as a new record.', {
    personId,
    syncStatus,
    linked: registryId !== null,
  });

/**
 * An admin proposes an existing local-only person (one the backfill did not find at the registry, or one the
 * registry refused before) as a new registry record: pending_registration and a `create` proposal.
 */
export async function registerPersonWithRegistry(tx: Tx, ctx: RequestContext, personId: string, options: { registrySync: boolean }): Promise<Person> {
  if (!options.registrySync) throw registrySyncOff();
  const [person] = await tx
    .select({
      firstName: persons.firstName,
      lastName: persons.lastName,
      birthDate: persons.birthDate,
      nationality: persons.nationality,
      officialEmail: persons.officialEmail,
      identifierNational: persons.identifierNational,
      registryId: persons.registryId,
      syncStatus: persons.syncStatus,
      deletedAt: persons.deletedAt,
    })
    .from(persons)
    .where(and(eq(persons.organisationId, ctx.organisationId), eq(persons.id, personId)))
    .for('update');
  if (!person) throw personNotFound(personId, ctx.organisationId);
  if (person.registryId !== null || person.syncStatus !== null || person.deletedAt !== null) throw personNotLocalOnly(personId, person.syncStatus, person.registryId);
  const { identifierNational, ...identity } = person;
  await proposeRegistration(tx, ctx, personId, { ...identity, hasIdentifier: identifierNational !== null });
  return findPerson(tx, ctx, personId);
}
