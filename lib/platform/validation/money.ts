import { z } from 'zod';

export const MAX_AMOUNT = '9999999999.99';

const AMOUNT = `Give the amount as a decimal string such as "12.50": more than 0, at most two decimals and at most ${MAX_AMOUNT}.`;

/**
 * Money travels as a decimal string both ways, never as a JSON number: a float cannot hold 0.10 exactly, and
 * the column is numeric(12, 2). Ten digits before the point keep every accepted value inside the column.
 */
export const MoneyAmount = z
  .string({ message: AMOUNT })
  .regex(/^(0|[1-9]\d{0,9})(\.\d{1,2})?$/, AMOUNT)
  .refine((amount) => Number(amount) > 0, AMOUNT)
  .describe(`A decimal string with at most two decimals, more than 0 and at most ${MAX_AMOUNT}; answered with exactly two ("12.50").`);

const CURRENCY = 'Use an ISO 4217 currency code in capitals, such as EUR.';
// Intl knows the codes in circulation; XXX, XTS and withdrawn codes such as DEM are not among them.
const currencies = new Set(Intl.supportedValuesOf('currency'));

export const CurrencyCode = z
  .string({ message: CURRENCY })
  .regex(/^[A-Z]{3}$/, CURRENCY)
  .refine((code) => currencies.has(code), CURRENCY)
  .describe('An ISO 4217 currency code, such as EUR.');
