import { persons } from '@/db/schema';
import type { PersonPreferences, PersonSyncStatus } from '@/db/schema/people';
import { NotFoundError } from '@/lib/platform/core/errors';
import type { Person } from './schemas';

/** Explicit columns: identifier_national is selected only where a caller may see it. */
export const personColumns = {
  id: persons.id,
  firstName: persons.firstName,
  lastName: persons.lastName,
  officialEmail: persons.officialEmail,
  preferredEmail: persons.preferredEmail,
  phone: persons.phone,
  birthDate: persons.birthDate,
  nationality: persons.nationality,
  language: persons.language,
  primaryRole: persons.primaryRole,
  preferences: persons.preferences,
  processingRestricted: persons.processingRestricted,
  deletedAt: persons.deletedAt,
  anonymizedAt: persons.anonymizedAt,
  registryId: persons.registryId,
  syncStatus: persons.syncStatus,
  lastSyncedAt: persons.lastSyncedAt,
  createdAt: persons.createdAt,
  updatedAt: persons.updatedAt,
};

export type PersonRow = Omit<Person, 'preferences' | 'deletedAt' | 'anonymizedAt' | 'externalRefs' | 'createdAt' | 'updatedAt'> & {
  preferences: PersonPreferences;
  deletedAt: Date | null;
  anonymizedAt: Date | null;
  registryId: string | null;
  syncStatus: PersonSyncStatus | null;
  lastSyncedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

export function toPersonDto(row: PersonRow): Person {
  const { registryId, syncStatus, lastSyncedAt, ...rest } = row;
  return {
    ...rest,
    externalRefs: { registryId, syncStatus, lastSyncedAt: lastSyncedAt?.toISOString() ?? null },
    deletedAt: row.deletedAt?.toISOString() ?? null,
    anonymizedAt: row.anonymizedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function personNotFound(personId: string, organisationId: string): NotFoundError {
  return new NotFoundError('PERSON_NOT_FOUND', 'The person does not exist.', { personId, organisationId });
}
