import { z } from 'zod';
import { antidopingResultEnum, antidopingTestKindEnum } from '@/db/schema/integrity';
import { pageQuery } from '@/lib/platform/pagination';
import { fromBeforeTo, fromBeforeToIssue, hasAnyField, hasAnyFieldIssue, periodFilter, personFilter, subjectFields, subjectPersonId } from '@/lib/records/schemas';
import { calendarInstant } from '@/lib/platform/validation/calendar-date';

export const AntidopingRecordIdParams = z.object({ id: z.uuid({ message: 'Use the id of an anti-doping record.' }) });

export const AntidopingTestKind = z.enum(antidopingTestKindEnum.enumValues, { message: `Choose one of ${antidopingTestKindEnum.enumValues.join(', ')}.` });
export const AntidopingResult = z
  .enum(antidopingResultEnum.enumValues, { message: `Choose one of ${antidopingResultEnum.enumValues.join(', ')}.` })
  .describe('The WADA result category; pending until the laboratory reports.');

const authority = z
  .string({ message: 'Name the testing authority.' })
  .trim()
  .min(1, 'Name the testing authority.')
  .max(200, 'Keep the authority under 200 characters.')
  .describe('Who ordered the control, for example NADA Germany.');
const notes = z
  .string({ message: 'Write the notes as text.' })
  .trim()
  .min(1, 'Write the notes as text, or send null.')
  .max(20000, 'Keep the notes under 20,000 characters.')
  .describe('Never written to the audit log, which names the field only.');

export const CreateAntidopingRecordBody = z.strictObject({
  personId: subjectPersonId.describe('The athlete tested.'),
  testedAt: calendarInstant('when the sample was taken'),
  kind: AntidopingTestKind,
  result: AntidopingResult.default('pending'),
  authority,
  notes: notes.nullable().default(null),
});
export type CreateAntidopingRecordBody = z.infer<typeof CreateAntidopingRecordBody>;

export const UpdateAntidopingRecordBody = z
  .strictObject({ testedAt: calendarInstant('when the sample was taken'), kind: AntidopingTestKind, result: AntidopingResult, authority, notes: notes.nullable() })
  .partial()
  .refine(hasAnyField, hasAnyFieldIssue);
export type UpdateAntidopingRecordBody = z.infer<typeof UpdateAntidopingRecordBody>;

export const ListAntidopingRecordsQuery = z
  .strictObject({
    personId: personFilter('anti-doping records', 'MEDICAL'),
    result: AntidopingResult.optional(),
    ...periodFilter('testedAt'),
    ...pageQuery,
  })
  .refine(fromBeforeTo, fromBeforeToIssue);
export type ListAntidopingRecordsQuery = z.infer<typeof ListAntidopingRecordsQuery>;

export const AntidopingRecord = z.object({
  id: z.uuid(),
  ...subjectFields,
  testedAt: z.iso.datetime(),
  kind: AntidopingTestKind,
  result: AntidopingResult,
  authority: z.string(),
  notes: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type AntidopingRecord = z.infer<typeof AntidopingRecord>;
