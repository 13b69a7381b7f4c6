import { z } from 'zod';

export const OrganisationName = z.string().trim().min(2, 'The name needs at least 2 characters.').max(120, 'The name can have at most 120 characters.');

export const LegalContactEmail = z
  .string()
  .trim()
  .max(254, 'The address can have at most 254 characters.')
  .pipe(z.email('Enter an e-mail address such as legal@example.org.'))
  .transform((value) => value.toLowerCase());

export const UpdateOrganisationBody = z
  .strictObject({
    name: OrganisationName,
    legalContactEmail: LegalContactEmail.nullable().describe("Where the monthly legal report is e-mailed (spec 001); null: the report is stored but not e-mailed."),
    registryId: z
      .string()
      .trim()
      .min(1, 'Enter the registry id, such as O-2001.')
      .max(100, 'A registry id can have at most 100 characters.')
      .nullable()
      .describe("The organisation's id at the external registry (spec 002). Checked against the registry: it must exist there and not be linked to another organisation. Its official data is then mirrored (read-only). null unlinks."),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: 'Send at least one field to change.' });
export type UpdateOrganisationBody = z.infer<typeof UpdateOrganisationBody>;

export const OrganisationSettings = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  legalContactEmail: z.string().nullable().describe('Where the monthly legal report is e-mailed; null when none is set.'),
  registryId: z.string().nullable().describe("The organisation's id at the external registry; null when not linked."),
  registryOfficial: z
    .object({
      name: z.string(),
      registrationNumber: z.string().nullable(),
      region: z.string().nullable(),
      sports: z.array(z.string()),
      officialEmail: z.string().nullable(),
      active: z.boolean(),
      updatedAt: z.string(),
    })
    .nullable()
    .describe("The official data the registry holds (mirrored nightly and on the registry's webhooks); read-only here. null when not linked."),
  registrySyncedAt: z.string().nullable(),
});
export type OrganisationSettings = z.infer<typeof OrganisationSettings>;
