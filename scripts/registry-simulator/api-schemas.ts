import { z } from 'zod';

const idempotencyKey = z.string().min(1).max(200);
const nonEmpty = (value: object) => Object.keys(value).length > 0;
/** A document, or a reason in words (the platform's erasure requests give "erasure request <id>"). */
const evidence = z
  .strictObject({ documentUrl: z.url().optional(), reason: z.string().trim().min(1).max(500).optional() })
  .refine(nonEmpty, 'evidence must give a documentUrl or a reason')
  .optional();

export const listQuery = z.object({
  changedSince: z.iso.datetime({ offset: true }).optional(),
  cursor: z.string().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const personsQuery = listQuery.extend({ nationalIdentifier: z.string().trim().min(1).max(64).optional() });

export const codelistQuery = z.object({ changedSince: z.iso.datetime({ offset: true }).optional() });

export const exportQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(500),
  snapshot: z.string().min(1).optional(),
});

const personFields = z.strictObject({
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
  birthDate: z.iso.date().nullable(),
  nationalIdentifier: z.string().trim().min(1).max(64).nullable(),
  nationality: z.string().regex(/^[A-Z]{2}$/, 'an ISO 3166-1 alpha-2 code').nullable(),
  officialEmail: z.email().nullable(),
  organizationIds: z.array(z.string().min(1)).max(50),
});

export const createPersonBody = z.strictObject({
  person: personFields.partial().required({ firstName: true, lastName: true }),
  idempotencyKey,
  evidence,
});

export const personChanges = personFields.extend({ active: z.boolean() }).partial().refine(nonEmpty, 'changes must name at least one field');

export const changePersonBody = z.strictObject({
  changes: personChanges,
  basedOn: personFields.partial().optional(),
  idempotencyKey,
  evidence,
});

const organizationFields = z.strictObject({
  name: z.string().trim().min(1).max(200),
  registrationNumber: z.string().trim().min(1).max(64).nullable(),
  region: z.string().min(1).nullable(),
  sports: z.array(z.string().min(1)).max(50),
  officialEmail: z.email().nullable(),
});

export const createOrganizationBody = z.strictObject({
  organization: organizationFields.partial().required({ name: true }),
  idempotencyKey,
});

export const organizationChanges = organizationFields.extend({ active: z.boolean() }).partial().refine(nonEmpty, 'changes must name at least one field');

export const changeOrganizationBody = z.strictObject({
  changes: organizationChanges,
  idempotencyKey,
});
