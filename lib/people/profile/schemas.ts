import { z } from 'zod';
import { Evidence, proposalStatuses } from '@/lib/registry/proposals/schemas';
import { type MirroredIdentityField, mirroredIdentityFields } from '@/lib/registry/mirror/merge-person';
import { calendarDate } from '@/lib/platform/validation/calendar-date';

/** Languages the portal and its e-mails can be read in (BCP 47). */
export const supportedLanguages = ['en', 'de', 'fr', 'nl', 'es', 'it'] as const;
export const languageNames: Record<(typeof supportedLanguages)[number], string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  nl: 'Nederlands',
  es: 'Español',
  it: 'Italiano',
};

/** Owned by the registry (spec 002) and shown on the profile: a person proposes a change, never writes it. */
export const identityFields = ['firstName', 'lastName', 'birthDate', 'nationality', 'officialEmail'] as const satisfies readonly MirroredIdentityField[];
export type IdentityField = (typeof identityFields)[number];
/** What a change proposal may carry: every field the registry masters (declared once, in lib/registry/mirror/merge-person.ts); the national identifier is never shown back. */
export const proposableFields = mirroredIdentityFields;
export type ProposableField = MirroredIdentityField;

const registryOwned = (keys: readonly PropertyKey[]) =>
  keys.some((key) => (identityFields as readonly PropertyKey[]).includes(key))
    ? 'Names, birth date, nationality, national identifier and official e-mail are confirmed by the registry: propose a change at /api/v1/profile/change-requests.'
    : `These fields cannot be changed here: ${keys.map(String).join(', ')}.`;

export const Phone = z
  .string()
  .trim()
  .regex(/^\+?[0-9][0-9 ()/-]{4,28}[0-9]$/, 'Enter a phone number with digits, spaces or dashes, for example +49 30 1234567.');

export const PreferredEmail = z.email('Enter an e-mail address like name@example.com.').max(320, 'That e-mail address is too long.');

export const ChannelPreferences = z.strictObject({
  email: z.boolean('Choose on or off for e-mail.').optional().describe('Service e-mails (loan reminders, decisions).'),
  inApp: z.boolean('Choose on or off for in-app notifications.').optional().describe('Notifications in the portal and the apps.'),
});

export const UpdateOwnProfileBody = z
  .strictObject(
    {
      preferredEmail: PreferredEmail.nullable().optional(),
      phone: Phone.nullable().optional(),
      language: z.enum(supportedLanguages, `Choose one of the languages: ${supportedLanguages.join(', ')}.`).optional(),
      preferences: z
        .strictObject({
          channels: ChannelPreferences.optional(),
          marketingOptOut: z.boolean('Choose whether you object to marketing.').optional().describe('true: no marketing on any channel (the objection of spec 001).'),
        })
        .optional(),
      processingRestricted: z.boolean('Choose on or off for restricting processing.').optional().describe('true: background jobs for you are paused and no notifications are sent.'),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? registryOwned(issue.keys) : undefined) },
  )
  .refine((body) => Object.keys(body).length > 0, 'Change at least one field.');
export type UpdateOwnProfileBody = z.infer<typeof UpdateOwnProfileBody>;

const Name = (what: string) => z.string().trim().min(1, `Enter your ${what}.`).max(200, `Your ${what} can have at most 200 characters.`);

export const RequestIdentityChangeBody = z
  .strictObject({
    firstName: Name('first name').optional(),
    lastName: Name('last name').optional(),
    birthDate: calendarDate.optional(),
    // Checked before it is normalised, so the published pattern is the one the server accepts (any case).
    nationality: z
      .string()
      .regex(/^\s*[A-Za-z]{2}\s*$/, 'Enter a two-letter country code such as DE or FR.')
      .trim()
      .toUpperCase()
      .optional()
      .describe('ISO 3166-1 alpha-2, in any case; stored upper-case.'),
    officialEmail: z.email('Enter an e-mail address like name@example.com.').max(320, 'That e-mail address is too long.').optional().describe('A confirmation link goes to the new address; confirming it approves the change.'),
    identifierNational: z.string().trim().min(3, 'Enter the national identifier.').max(64, 'The national identifier can have at most 64 characters.').optional().describe('Stored encrypted and never shown back.'),
    evidence: Evidence.optional(),
  })
  .refine((body) => proposableFields.some((field) => body[field] !== undefined), 'Request a change to at least one field.');
export type RequestIdentityChangeBody = z.infer<typeof RequestIdentityChangeBody>;

export const ChangeRequest = z.object({
  id: z.uuid(),
  kind: z.enum(['update', 'create', 'deactivate']),
  fields: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })).describe('Field name -> the value when asked and the value asked for; a national identifier reads "(hidden)".'),
  status: z.enum(proposalStatuses).describe('pending -> approved_locally -> submitted -> accepted | rejected (docs/registry/sync-out.md).'),
  rejectionReason: z.string().nullable(),
  emailConfirmation: z.enum(['not_needed', 'awaiting', 'confirmed']),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type ChangeRequest = z.infer<typeof ChangeRequest>;

export const OwnProfile = z.object({
  personId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  birthDate: z.iso.date().nullable(),
  nationality: z.string().nullable(),
  officialEmail: z.string().nullable().describe('The address the organisation knows you by; set by the identity provider.'),
  preferredEmail: z.string().nullable(),
  phone: z.string().nullable(),
  language: z.string(),
  preferences: z.object({
    channels: z.object({ email: z.boolean(), inApp: z.boolean() }),
    marketingOptOut: z.boolean(),
    marketingOptOutAt: z.iso.datetime().nullable(),
  }),
  processingRestricted: z.boolean(),
  pendingChanges: z.array(ChangeRequest).describe('Change proposals not yet decided (pending, approved_locally, submitted).'),
  recentDecisions: z.array(ChangeRequest).describe('The last five decided proposals (accepted or rejected, with the reason).'),
});
export type OwnProfile = z.infer<typeof OwnProfile>;
