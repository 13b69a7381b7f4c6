import { z } from 'zod';

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const instantDatePattern = /^(\d{4}-\d{2}-\d{2})T/;
const daysInMonth = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/**
 * YYYY-MM-DD naming a day of the Gregorian calendar in the years 0001-9999, which PostgreSQL's date stores.
 * Date.parse is no test: it rolls 2026-02-30 over to 2 March (issue 11, finding 6).
 */
export function isCalendarDate(value: string): boolean {
  const match = datePattern.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  return day <= (month === 2 && isLeapYear(year) ? 29 : daysInMonth[month - 1]!);
}

const monthNames = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * Why a value is not a calendar date, in words for the person who typed it; null when it is one. A well-written
 * day the calendar does not have is named as such, with the reason: a format hint would send the person looking
 * for a typo that is not there.
 */
export function calendarDateProblem(value: unknown): string | null {
  const match = typeof value === 'string' ? datePattern.exec(value) : null;
  if (!match) return 'Write the date as YYYY-MM-DD.';
  if (isCalendarDate(match[0])) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1) return `${match[0]} does not exist: the calendar starts at the year 0001.`;
  if (month < 1 || month > 12) return `${match[0]} does not exist: a year has the months 01 to 12.`;
  if (day < 1) return `${match[0]} does not exist: a month starts at day 01.`;
  const days = month === 2 && isLeapYear(year) ? 29 : daysInMonth[month - 1]!;
  return `${match[0]} does not exist: ${monthNames[month - 1]} ${match[1]} has ${days} days.`;
}

function instantProblem(value: unknown, what: string): string {
  const day = typeof value === 'string' ? instantDatePattern.exec(value)?.[1] : undefined;
  if (day && !isCalendarDate(day)) return `${String(value)} is not a moment in the calendar.`;
  return `Give ${what} as a date and time with its offset, such as 2026-11-01T16:00:00Z.`;
}

function isInStorableYears(value: string): boolean {
  const year = new Date(value).getUTCFullYear();
  return year >= 1 && year <= 9999;
}

/** Every calendar date the API, the portal and the jobs accept. */
export const calendarDate = z.iso
  .date({ abort: true, error: (issue) => calendarDateProblem(issue.input) ?? undefined })
  .refine(isCalendarDate, { error: (issue) => calendarDateProblem(issue.input) ?? undefined });

/**
 * Every date-time the API, the portal and the jobs accept: an instant with its UTC offset, on a day of the
 * calendar, whose UTC moment falls in the years 0001-9999. PostgreSQL stores the instant in UTC, and an offset
 * can carry a valid local time across a year's edge: 9999-12-31T23:59:59-23:59 is in year 10000, which the
 * database refuses to parse (22009), so it is refused here with its field's name (issue 23, item 13).
 * `what` names the value in the message a malformed one gets ("the start", "from").
 */
export function calendarInstant(what: string) {
  return z.iso
    .datetime({ offset: true, abort: true, error: (issue) => instantProblem(issue.input, what) })
    .refine((value) => isCalendarDate(value.slice(0, 10)), { abort: true, error: (issue) => `${String(issue.input)} is not a moment in the calendar.` })
    .refine(isInStorableYears, { error: (issue) => `${String(issue.input)} falls outside the years 0001 to 9999 once converted to UTC.` });
}
