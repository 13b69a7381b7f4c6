/**
 * The portal's one date style: "24 Nov 2026" for a day, "24 Nov 2026, 14:05" for an instant. Pages, e-mails
 * and messages format dates only through here, so every screen reads the same.
 */
const DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
const LOCALE = 'en-GB';

const dayFormat = new Intl.DateTimeFormat(LOCALE, { ...DAY, timeZone: 'UTC' });
const instantFormats = new Map<string, Intl.DateTimeFormat>();

function instantFormat(timeZone: string): Intl.DateTimeFormat {
  let format = instantFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE, { ...DAY, ...TIME, timeZone });
    instantFormats.set(timeZone, format);
  }
  return format;
}

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A calendar day: "24 Nov 2026". Takes YYYY-MM-DD (loans are booked by whole days, so no time zone applies) or
 * an instant, whose day is taken in UTC.
 */
export function formatDate(value: string | Date | null | undefined, empty = '—'): string {
  if (value === null || value === undefined || value === '') return empty;
  const date = typeof value === 'string' && CALENDAR_DATE.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : dayFormat.format(date);
}

/** An instant: "24 Nov 2026, 14:05" in the given time zone; in UTC (and said so) unless the reader's zone is known. */
export function formatDateTime(value: string | Date | null | undefined, timeZone = 'UTC', empty = '—'): string {
  if (value === null || value === undefined || value === '') return empty;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const text = instantFormat(timeZone).format(date);
  return timeZone === 'UTC' ? `${text} UTC` : text;
}

/** Whether a string is a calendar date or an ISO instant, so stored values can be shown in the date style. */
export function isIsoDate(value: string): boolean {
  return CALENDAR_DATE.test(value);
}

export function isIsoInstant(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value) && !Number.isNaN(Date.parse(value));
}
