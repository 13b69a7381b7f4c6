import { z } from 'zod';
import { pageQuery } from '@/lib/platform/pagination';
import { calendarInstant } from '@/lib/platform/validation/calendar-date';

export const MedicalTreatmentIdParams = z.object({ id: z.uuid() });

const diagnosis = z.string().trim().min(1).max(2000);
const detailedNotes = z.string().trim().min(1).max(20000);
const endsAfterStart = (body: { startedAt?: string; treatmentEndedAt?: string | null }) =>
  !body.startedAt || !body.treatmentEndedAt || new Date(body.treatmentEndedAt) >= new Date(body.startedAt);
const endsAfterStartIssue = { message: 'The treatment cannot end before it started.', path: ['treatmentEndedAt'] };

export const CreateMedicalTreatmentBody = z
  .strictObject({
    personId: z.uuid(),
    diagnosis: diagnosis.describe('Stored encrypted (FLE1).'),
    detailedNotes: detailedNotes.nullable().default(null).describe('Stored encrypted (FLE1).'),
    startedAt: calendarInstant('the start of the treatment'),
    treatmentEndedAt: calendarInstant('the end of the treatment').nullable().default(null),
  })
  .refine(endsAfterStart, endsAfterStartIssue);
export type CreateMedicalTreatmentBody = z.infer<typeof CreateMedicalTreatmentBody>;

export const UpdateMedicalTreatmentBody = z
  .strictObject({
    diagnosis,
    detailedNotes: detailedNotes.nullable(),
    startedAt: calendarInstant('the start of the treatment'),
    treatmentEndedAt: calendarInstant('the end of the treatment').nullable(),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: 'Send at least one field to change.' })
  .refine(endsAfterStart, endsAfterStartIssue);
export type UpdateMedicalTreatmentBody = z.infer<typeof UpdateMedicalTreatmentBody>;

export const ListMedicalTreatmentsQuery = z.strictObject({
  personId: z
    .union([z.literal('me'), z.uuid()])
    .optional()
    .describe("Only this person's treatments; `me` is the caller. Without the MEDICAL duty only the caller's own may be listed."),
  ...pageQuery,
});
export type ListMedicalTreatmentsQuery = z.infer<typeof ListMedicalTreatmentsQuery>;

export const MedicalTreatment = z.object({
  id: z.uuid(),
  personId: z.uuid().nullable().describe('Null once the person was erased; subjectPseudonym names the subject then.'),
  subjectPseudonym: z.string().nullable(),
  diagnosis: z.string().nullable(),
  detailedNotes: z.string().nullable(),
  treatedByUserId: z.uuid().nullable(),
  startedAt: z.iso.datetime(),
  treatmentEndedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type MedicalTreatment = z.infer<typeof MedicalTreatment>;
