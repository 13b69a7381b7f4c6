import { z } from 'zod';
import { incidentSeverityEnum, incidentStatusEnum } from '@/db/schema/integrity';
import { pageQuery } from '@/lib/platform/pagination';
import { fromBeforeTo, fromBeforeToIssue, hasAnyField, hasAnyFieldIssue, periodFilter, personFilter, subjectFields, subjectPersonId } from '@/lib/records/schemas';
import { calendarInstant } from '@/lib/platform/validation/calendar-date';

export const IncidentReportIdParams = z.object({ id: z.uuid({ message: 'Use the id of an incident report.' }) });

export const IncidentSeverity = z.enum(incidentSeverityEnum.enumValues, { message: `Choose one of ${incidentSeverityEnum.enumValues.join(', ')}.` });
export const IncidentStatus = z.enum(incidentStatusEnum.enumValues, { message: `Choose one of ${incidentStatusEnum.enumValues.join(', ')}.` });

const description = z
  .string({ message: 'Describe what happened.' })
  .trim()
  .min(1, 'Describe what happened.')
  .max(20000, 'Keep the description under 20,000 characters.')
  .describe('Never written to the audit log, which names the field only.');

export const CreateIncidentReportBody = z.strictObject({
  personId: subjectPersonId.describe('The person the incident involved.'),
  occurredAt: calendarInstant('when it happened'),
  severity: IncidentSeverity,
  description,
});
export type CreateIncidentReportBody = z.infer<typeof CreateIncidentReportBody>;

export const UpdateIncidentReportBody = z.strictObject({ status: IncidentStatus, severity: IncidentSeverity, description }).partial().refine(hasAnyField, hasAnyFieldIssue);
export type UpdateIncidentReportBody = z.infer<typeof UpdateIncidentReportBody>;

export const ListIncidentReportsQuery = z
  .strictObject({
    personId: personFilter('incident reports', 'SAFEGUARDING'),
    reportedBy: z
      .union([z.literal('me'), z.uuid()], { message: 'Use the id of a user, or me.' })
      .optional()
      .describe("Only reports filed by this user; `me` is the caller. Without the SAFEGUARDING duty only the caller's own may be listed."),
    status: IncidentStatus.optional(),
    severity: IncidentSeverity.optional(),
    ...periodFilter('occurredAt'),
    ...pageQuery,
  })
  .refine(fromBeforeTo, fromBeforeToIssue);
export type ListIncidentReportsQuery = z.infer<typeof ListIncidentReportsQuery>;

export const IncidentReport = z.object({
  id: z.uuid(),
  ...subjectFields,
  reportedByUserId: z
    .uuid()
    .nullable()
    .describe('The user who filed the report. Null when it came from outside the club, and withheld (null) from the subject, so nobody learns from the API who reported them.'),
  occurredAt: z.iso.datetime(),
  severity: IncidentSeverity,
  status: IncidentStatus,
  description: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type IncidentReport = z.infer<typeof IncidentReport>;
