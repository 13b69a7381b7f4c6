import { persons } from '@/db/schema';
import type { PersonPreferences } from '@/db/schema/people';
import { NotFoundError } from '@/lib/core/errors';
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
  createdAt: persons.createdAt,
  updatedAt: persons.updatedAt,
};

export type PersonRow = Omit<Person, 'preferences' | 'deletedAt' | 'anonymizedAt' | 'createdAt' | 'updatedAt'> & {
  preferences: PersonPreferences;
  deletedAt: Date | null;
  anonymizedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

export function toPersonDto(row: PersonRow): Person {
  return {
    ...row,
    deletedAt: row.deletedAt?.toISOString() ?? null,
    anonymizedAt: row.anonymizedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function personNotFound(personId: string, organisationId: string): NotFoundError {
  return new NotFoundError('PERSON_NOT_FOUND', 'The person does not exist.', { personId, organisationId });
}
