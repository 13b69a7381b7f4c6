import { z } from 'zod';
import { calendarDate } from '@/lib/platform/validation/calendar-date';

/**
 * What the record forms send, in the words a person needs when it is wrong; the lib's schemas still decide
 * (they speak to API clients: ISO instants, "decimal strings").
 */

/** An <input type="date">, stored as the start of that day in UTC: the screens show it as that same day. */
export function requiredDay(what: string) {
  return z
    .string()
    .trim()
    .min(1, `Give ${what}.`)
    .pipe(calendarDate)
    .transform((day) => `${day}T00:00:00.000Z`);
}

/** An optional <input type="date">: empty is null. */
export function optionalDay() {
  return z
    .string()
    .trim()
    .transform((day) => (day === '' ? null : day))
    .pipe(calendarDate.nullable())
    .transform((day) => (day === null ? null : `${day}T00:00:00.000Z`));
}

const AMOUNT = 'Give the amount in figures, such as 50 or 12.50: more than 0, with at most two decimals.';

/** An amount as people type it: "12,50" is "12.50"; spaces and a thousands separator are not. */
export const amountField = z
  .string()
  .trim()
  .min(1, { message: AMOUNT, abort: true })
  .transform((amount) => amount.replace(',', '.'))
  // One reason is enough: the format check stops before the "more than 0" one.
  .pipe(
    z
      .string()
      .regex(/^(0|[1-9]\d{0,9})(\.\d{1,2})?$/, { message: AMOUNT, abort: true })
      .refine((amount) => Number(amount) > 0, AMOUNT),
  );

export const currencyField = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'Use a three-letter currency code, such as EUR.');

/** Optional free text: empty is null. */
export const optionalText = z
  .string()
  .trim()
  .transform((text) => (text === '' ? null : text));

/** A form's text entry, '' when absent. */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}
