import { z } from 'zod';
import { dataDeletionScopeEnum, dataDeletionStatusEnum, identityVerificationMethodEnum } from '@/db/schema';
import { pageQuery } from '@/lib/platform/pagination';
import { ERASABLE_PERSON_FIELDS } from '@/lib/privacy/erasure/erase-person';

export const DataDeletionStatus = z.enum(dataDeletionStatusEnum.enumValues);
export type DataDeletionStatus = z.infer<typeof DataDeletionStatus>;
export const DataDeletionScope = z.enum(dataDeletionScopeEnum.enumValues);
export const VerificationMethod = z.enum(identityVerificationMethodEnum.enumValues);
export type VerificationMethod = z.infer<typeof VerificationMethod>;
export const ErasableField = z.enum(ERASABLE_PERSON_FIELDS);

const onBehalfOf = z.uuid().optional().describe("ADMIN only: the person of the organisation the request is filed for. Without it the request is the caller's own.");

export const FileDeletionRequestBody = z.discriminatedUnion('scope', [
  z.strictObject({ scope: z.literal('full').describe('Erase the person entirely (spec 001).'), personId: onBehalfOf }),
  z.strictObject({
    scope: z.literal('partial').describe('Erase only the listed person fields.'),
    partialFields: z
      .array(ErasableField)
      .min(1)
      .max(ERASABLE_PERSON_FIELDS.length)
      .refine((fields) => new Set(fields).size === fields.length, 'Each field may be named once.')
      .describe('The person fields to erase.'),
    personId: onBehalfOf,
  }),
]);
export type FileDeletionRequestBody = z.infer<typeof FileDeletionRequestBody>;

export const VerifyDeletionRequestBody = z.strictObject({
  method: VerificationMethod.describe("How the admin confirmed the subject's identity."),
  note: z.string().trim().max(1000).optional().describe('What was checked, for the record (optional). No copies of identity documents.'),
});
export type VerifyDeletionRequestBody = z.infer<typeof VerifyDeletionRequestBody>;

export const RejectDeletionRequestBody = z.strictObject({
  reason: z.string().trim().min(1, 'Give the reason the subject will read.').max(2000).describe('Why the request is refused; sent to the subject.'),
});
export type RejectDeletionRequestBody = z.infer<typeof RejectDeletionRequestBody>;

export const ListDeletionRequestsQuery = z.strictObject({
  status: DataDeletionStatus.optional().describe('Only requests in this state.'),
  overdue: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional()
    .describe('true: only open requests past their target (7 days from verification) or legal limit (30 days from the request); false: only the others.'),
  ...pageQuery,
});
export type ListDeletionRequestsQuery = z.infer<typeof ListDeletionRequestsQuery>;

export const DeletionRequestIdParams = z.object({ id: z.uuid() });

const instant = z.iso.datetime();

export const DataDeletionRequest = z.object({
  id: z.uuid(),
  personId: z.uuid(),
  personName: z.string().describe('The subject as the organisation knows them; ANONYMIZED ANONYMIZED once fully erased.'),
  requestedAt: instant,
  requestedByUserId: z.uuid().nullable().describe('Who filed it: the subject, or an ADMIN on their behalf.'),
  status: DataDeletionStatus.describe('pending (identity not yet verified) -> verified -> in_progress -> completed; or rejected.'),
  scope: DataDeletionScope,
  partialFields: z.array(ErasableField).describe('For a partial request, the fields to erase; empty for a full one.'),
  verificationMethod: VerificationMethod.nullable(),
  verificationNote: z.string().nullable().describe('Shown to ADMINs only; null for the subject.'),
  verifiedAt: instant.nullable(),
  verifiedByUserId: z.uuid().nullable(),
  rejectionReason: z.string().nullable(),
  rejectedAt: instant.nullable(),
  targetDueAt: instant.nullable().describe('The target: 7 days from verification (spec 001). Null until verified.'),
  legalDueAt: instant.describe('The legal limit: 30 days from the request.'),
  overdue: z.boolean().describe('An open request (pending, verified or in progress) past its target or legal limit.'),
  startedAt: instant.nullable(),
  completedAt: instant.nullable(),
  attempts: z.number().int().min(0).describe('How often the erasure job tried to carry it out.'),
  lastError: z.string().nullable().describe("Why the job's last attempt failed; ADMINs only."),
});
export type DataDeletionRequest = z.infer<typeof DataDeletionRequest>;
