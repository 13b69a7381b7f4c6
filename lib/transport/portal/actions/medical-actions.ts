'use server';

import { z } from 'zod';
import { createAntidopingRecord } from '@/lib/records/antidoping/create-antidoping-record';
import { CreateAntidopingRecordBody, UpdateAntidopingRecordBody } from '@/lib/records/antidoping/schemas';
import { updateAntidopingRecord } from '@/lib/records/antidoping/update-antidoping-record';
import { createMedicalTreatment } from '@/lib/records/medical/create-medical-treatment';
import { CreateMedicalTreatmentBody, UpdateMedicalTreatmentBody } from '@/lib/records/medical/schemas';
import { updateMedicalTreatment } from '@/lib/records/medical/update-medical-treatment';
import { formAction } from '../portal-action';
import { formText, optionalDay, optionalText, requiredDay } from './record-form-fields';

const refreshPeople = [{ path: '/people', type: 'layout' as const }];

const TreatmentForm = z.object({
  personId: z.uuid(),
  treatmentId: z.uuid().optional(),
  diagnosis: z.string().trim().min(1, 'Write the diagnosis.').max(2000, 'Keep the diagnosis under 2,000 characters.'),
  detailedNotes: optionalText.pipe(z.string().max(20000, 'Keep the notes under 20,000 characters.').nullable()),
  startedAt: requiredDay('the day the treatment started'),
  treatmentEndedAt: optionalDay(),
  /** The values the correction form was drawn with: only what the person changed is sent, so the audit names only that. */
  was: z.record(z.string(), z.string()),
  /** The same fields as typed, to compare with `was`. */
  sent: z.record(z.string(), z.string()),
});

const treatmentFields = ['diagnosis', 'detailedNotes', 'startedAt', 'treatmentEndedAt'] as const;

export const saveTreatmentAction = formAction(
  {
    input: TreatmentForm,
    fields: (form) => ({
      personId: formText(form, 'personId'),
      treatmentId: formText(form, 'treatmentId') || undefined,
      diagnosis: formText(form, 'diagnosis'),
      detailedNotes: formText(form, 'detailedNotes'),
      startedAt: formText(form, 'startedAt'),
      treatmentEndedAt: formText(form, 'treatmentEndedAt'),
      was: Object.fromEntries(treatmentFields.map((field) => [field, formText(form, `was-${field}`).trim()])),
      sent: Object.fromEntries(treatmentFields.map((field) => [field, formText(form, field).trim()])),
    }),
    revalidate: refreshPeople,
  },
  async ({ tx, ctx, input }) => {
    const { personId, treatmentId, was, sent, ...values } = input;
    if (!treatmentId) {
      await createMedicalTreatment(tx, ctx, CreateMedicalTreatmentBody.parse({ personId, ...values }));
      return { message: 'Treatment recorded.' };
    }
    const changed = Object.fromEntries(treatmentFields.filter((field) => sent[field] !== was[field]).map((field) => [field, values[field]]));
    if (Object.keys(changed).length === 0) return { message: 'Nothing was changed.' };
    await updateMedicalTreatment(tx, ctx, treatmentId, UpdateMedicalTreatmentBody.parse(changed));
    return { message: 'Treatment corrected.' };
  },
);

const AntidopingForm = z.object({
  personId: z.uuid(),
  recordId: z.uuid().optional(),
  testedAt: requiredDay('the day the sample was taken'),
  kind: z.string(),
  result: z.string(),
  authority: z.string().trim().min(1, 'Name the testing authority, for example NADA Germany.'),
  notes: optionalText,
});

export const saveAntidopingAction = formAction(
  {
    input: AntidopingForm,
    fields: (form) => ({
      personId: formText(form, 'personId'),
      recordId: formText(form, 'recordId') || undefined,
      testedAt: formText(form, 'testedAt'),
      kind: formText(form, 'kind'),
      result: formText(form, 'result'),
      authority: formText(form, 'authority'),
      notes: formText(form, 'notes'),
    }),
    revalidate: refreshPeople,
  },
  async ({ tx, ctx, input }) => {
    const { personId, recordId, ...values } = input;
    if (!recordId) {
      await createAntidopingRecord(tx, ctx, CreateAntidopingRecordBody.parse({ personId, ...values }));
      return { message: 'Doping control recorded.' };
    }
    await updateAntidopingRecord(tx, ctx, recordId, UpdateAntidopingRecordBody.parse(values));
    return { message: 'Doping control corrected.' };
  },
);
