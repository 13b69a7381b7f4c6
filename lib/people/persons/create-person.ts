import type { Tx } from '@/db/client';
import { persons } from '@/db/schema';
import { diffChanges, recordAudit } from '@/lib/platform/audit/record-audit';
import type { RequestContext } from '@/lib/platform/core/context';
import { encryptField } from '@/lib/platform/crypto/encrypt-field';
import { proposeRegistration } from '@/lib/registry/proposals/propose-registration';
import { findPerson } from './find-person';
import type { CreatePersonBody, Person } from './schemas';

const auditedFields = ['firstName', 'lastName', 'birthDate', 'nationality', 'officialEmail', 'preferredEmail', 'phone', 'language', 'primaryRole'] as const;

/**
 * An admin registers a person the registry does not know. With sync on (REGISTRY_URL set) the person starts in
 * pending_registration with a new-record proposal for the registry; in phase 0 the platform is authoritative and the
 * person is an ordinary local person (registryId and syncStatus null).
 */
export async function createPerson(tx: Tx, ctx: RequestContext, input: CreatePersonBody, options: { registrySync: boolean }): Promise<Person> {
  const { identifierNational, ...plain } = input;
  const values = {
    firstName: plain.firstName,
    lastName: plain.lastName,
    birthDate: plain.birthDate ?? null,
    nationality: plain.nationality ?? null,
    officialEmail: plain.officialEmail ?? null,
    preferredEmail: plain.preferredEmail ?? null,
    phone: plain.phone ?? null,
    primaryRole: plain.primaryRole ?? null,
    ...(plain.language ? { language: plain.language } : {}),
  };
  const encrypted = identifierNational ? await encryptField(tx, ctx, 'person.identifierNational', identifierNational) : null;
  const [row] = await tx
    .insert(persons)
    .values({ organisationId: ctx.organisationId, ...values, identifierNational: encrypted, createdAt: ctx.now, updatedAt: ctx.now })
    .returning({ id: persons.id, language: persons.language });
  const personId = row!.id;
  await recordAudit(tx, ctx, {
    action: 'PERSON_CREATED',
    targetType: 'PERSON',
    targetId: personId,
    changes: diffChanges(null, { ...values, language: row!.language }, auditedFields),
    metadata: { registrySync: options.registrySync, identifierNational: { set: Boolean(identifierNational) } },
  });
  if (options.registrySync) {
    await proposeRegistration(tx, ctx, personId, { ...values, hasIdentifier: Boolean(identifierNational) });
  }
  return findPerson(tx, ctx, personId);
}
