import { z } from 'zod';
import { personRoleEnum, personSyncStatusEnum } from '@/db/schema/people';
import { pageQuery } from '@/lib/platform/pagination';
import { calendarInstant } from '@/lib/platform/validation/calendar-date';

export const PersonIdParams = z.object({ id: z.uuid() });

export const PersonRole = z.enum(personRoleEnum.enumValues);

/** ISO 3166-1 alpha-2, upper case; the database checks the same shape. */
export const Nationality = z.string().regex(/^[A-Z]{2}$/, 'Use an ISO 3166-1 alpha-2 country code such as DE.');

/** A BCP 47 tag that Intl accepts, in the database's lower-case-language shape (de, de-AT, pt-BR). */
export const Language = z
  .string()
  .max(35)
  .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{1,8})*$/, 'Use a BCP 47 language tag such as de or de-AT.')
  .refine(
    (tag) => {
      try {
        return Intl.getCanonicalLocales(tag).length === 1;
      } catch {
        return false;
      }
    },
    { message: 'Use a BCP 47 language tag such as de or de-AT.' },
  );

const channelFlag = z.boolean();
export const PersonPreferences = z.strictObject({
  channels: z.strictObject({ email: channelFlag, push: channelFlag, sms: channelFlag, inApp: channelFlag }),
  marketingOptOut: z.boolean(),
  marketingOptOutAt: calendarInstant('the moment of the objection').optional().describe('When the objection to marketing was made.'),
});

export const ListPersonsQuery = z.strictObject({
  q: z.string().trim().min(1).max(100).optional().describe('Matches part of the first or last name, ignoring case.'),
  primaryRole: PersonRole.optional(),
  ...pageQuery,
});
export type ListPersonsQuery = z.infer<typeof ListPersonsQuery>;

/**
 * What an ADMIN may change here. Names, birth date and official e-mail are identity fields that the external
 * registry masters (spec 002); they change through change requests, not here. nationality and identifierNational
 * are identity fields too: for a person mirrored from the registry they become a change proposal (the answer's
 * changeProposal), for a local-only person they are written directly.
 */
export const UpdatePersonBody = z
  .strictObject({
    preferredEmail: z.email().max(320).nullable(),
    phone: z.string().trim().min(3).max(40).nullable(),
    nationality: Nationality.nullable(),
    language: Language,
    primaryRole: PersonRole.nullable(),
    preferences: PersonPreferences,
    processingRestricted: z.boolean(),
    identifierNational: z.string().trim().min(1).max(64).nullable().describe('Stored encrypted (FLE1); null removes it.'),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: 'Send at least one field to change.' });
export type UpdatePersonBody = z.infer<typeof UpdatePersonBody>;

export const Person = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  officialEmail: z.string().nullable(),
  preferredEmail: z.string().nullable(),
  phone: z.string().nullable(),
  birthDate: z.iso.date().nullable(),
  nationality: z.string().nullable(),
  language: z.string(),
  primaryRole: PersonRole.nullable(),
  preferences: PersonPreferences,
  processingRestricted: z.boolean(),
  deletedAt: z.iso.datetime().nullable(),
  anonymizedAt: z.iso.datetime().nullable(),
  externalRefs: z
    .object({
      registryId: z.string().nullable().describe("The person's id at the external sports registry; null while sync is off (phase 0) or for a person the registry does not know."),
      syncStatus: z
        .enum(personSyncStatusEnum.enumValues)
        .nullable()
        .describe('synced; conflict: the registry and this platform both changed an identity field, an admin reviews it; pending_registration: proposed to the registry, not yet accepted. Null when not mirrored.'),
      lastSyncedAt: z.iso.datetime().nullable(),
    })
    .describe('The registry mirror (spec 002). Identity fields (names, birth date, national identifier, nationality, official e-mail) follow the registry; the others are this platform’s.'),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Person = z.infer<typeof Person>;

export const UpdatedPerson = Person.extend({
  changeProposal: z
    .object({
      id: z.uuid(),
      status: z.literal('approved_locally'),
      fields: z.array(z.string()).describe('The registry-mastered fields of the request, in the proposal instead of on the person.'),
    })
    .nullable()
    .describe(
      'Set when the person is mirrored from the registry and the request changed a field the registry masters (nationality, national identifier): those fields went into this change proposal, approved by the caller and sent to the registry, and the person keeps its values until the registry accepts (GET /api/v1/person-change-proposals/{id}). Null when everything was written directly.',
    ),
});
export type UpdatedPerson = z.infer<typeof UpdatedPerson>;

export const PersonDetail = Person.extend({
  identifierNational: z
    .string()
    .nullable()
    .optional()
    .describe('Decrypted for an ADMIN or the person themselves only, and each such read is audited; absent for everyone else.'),
});
export type PersonDetail = z.infer<typeof PersonDetail>;

/**
 * An admin registers a person. Identity fields (names, birth date, nationality, official e-mail, national
 * identifier) go to the registry as a new-record proposal when sync is on; the others are this platform's.
 */
export const CreatePersonBody = z.strictObject({
  firstName: z.string().trim().min(1).max(200),
  lastName: z.string().trim().min(1).max(200),
  birthDate: z.iso.date().nullable().optional(),
  nationality: Nationality.nullable().optional(),
  officialEmail: z.email().max(320).nullable().optional(),
  identifierNational: z.string().trim().min(1).max(64).nullable().optional().describe('Stored encrypted (FLE1).'),
  preferredEmail: z.email().max(320).nullable().optional(),
  phone: z.string().trim().min(3).max(40).nullable().optional(),
  language: Language.optional(),
  primaryRole: PersonRole.nullable().optional(),
});
export type CreatePersonBody = z.infer<typeof CreatePersonBody>;
