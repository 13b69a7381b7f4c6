import { z } from 'zod';
import type { Duty } from '@/lib/platform/auth/duties';
import { calendarInstant } from '@/lib/platform/validation/calendar-date';

/** The pieces the retention-bound records of spec 001 (donations, transactions, anti-doping, incidents) share. */

export const subjectPersonId = z.uuid({ message: 'Use the id of a person of the organisation.' });

export const subjectFields = {
  personId: z.uuid().nullable().describe('Null once the person was erased; subjectPseudonym names the subject then.'),
  subjectPseudonym: z.string().nullable().describe('`anonymized_<hex>` once the person was erased, else null.'),
};

export const personFilter = (records: string, duty: Duty) =>
  z
    .union([z.literal('me'), z.uuid()], { message: 'Use the id of a person, or me.' })
    .optional()
    .describe(`Only this person's ${records}; \`me\` is the caller. Without the ${duty} duty only the caller's own may be listed.`);

/** `from` inclusive, `to` exclusive, on the moment the records are ordered by. */
export const periodFilter = (field: string) => ({
  from: calendarInstant('from').optional().describe(`Only records whose ${field} is at or after this moment.`),
  to: calendarInstant('to').optional().describe(`Only records whose ${field} is before this moment.`),
});

export const fromBeforeTo = (query: { from?: string; to?: string }) => !query.from || !query.to || new Date(query.from) < new Date(query.to);
export const fromBeforeToIssue = { message: 'from must be before to.', path: ['to'] };

export const hasAnyField = (body: object) => Object.keys(body).length > 0;
export const hasAnyFieldIssue = { message: 'Send at least one field to change.' };
