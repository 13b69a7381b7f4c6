import { z } from 'zod';
import { financialTransactionKindEnum } from '@/db/schema/finance';
import { pageQuery } from '@/lib/platform/pagination';
import { fromBeforeTo, fromBeforeToIssue, hasAnyField, hasAnyFieldIssue, periodFilter, personFilter, subjectFields, subjectPersonId } from '@/lib/records/schemas';
import { calendarInstant } from '@/lib/platform/validation/calendar-date';
import { CurrencyCode, MoneyAmount } from '@/lib/platform/validation/money';

export const FinancialTransactionIdParams = z.object({ id: z.uuid({ message: 'Use the id of a financial transaction.' }) });

export const FinancialTransactionKind = z
  .enum(financialTransactionKindEnum.enumValues, { message: `Choose one of ${financialTransactionKindEnum.enumValues.join(', ')}.` })
  .describe('The direction comes from the kind: a refund is money going out, the others come in.');

const reference = z.string({ message: 'Give the reference as text.' }).trim().min(1, 'Give the reference as text.').max(200, 'Keep the reference under 200 characters.');

export const CreateFinancialTransactionBody = z.strictObject({
  personId: subjectPersonId.describe('The person who paid or was paid.'),
  kind: FinancialTransactionKind,
  amount: MoneyAmount.describe('Always positive; the kind gives the direction. A decimal string with at most two decimals, at most 9999999999.99.'),
  currency: CurrencyCode.default('EUR'),
  occurredAt: calendarInstant('when the money moved'),
  reference: reference.nullable().default(null).describe('An invoice or bank reference.'),
});
export type CreateFinancialTransactionBody = z.infer<typeof CreateFinancialTransactionBody>;

export const UpdateFinancialTransactionBody = z
  .strictObject({ kind: FinancialTransactionKind, amount: MoneyAmount, currency: CurrencyCode, occurredAt: calendarInstant('when the money moved'), reference: reference.nullable() })
  .partial()
  .refine(hasAnyField, hasAnyFieldIssue);
export type UpdateFinancialTransactionBody = z.infer<typeof UpdateFinancialTransactionBody>;

export const ListFinancialTransactionsQuery = z
  .strictObject({
    personId: personFilter('transactions', 'FINANCE'),
    kind: FinancialTransactionKind.optional(),
    ...periodFilter('occurredAt'),
    ...pageQuery,
  })
  .refine(fromBeforeTo, fromBeforeToIssue);
export type ListFinancialTransactionsQuery = z.infer<typeof ListFinancialTransactionsQuery>;

export const FinancialTransaction = z.object({
  id: z.uuid(),
  ...subjectFields,
  kind: FinancialTransactionKind,
  amount: z.string().describe('A decimal string with two decimals, such as "180.00"; always positive.'),
  currency: z.string(),
  occurredAt: z.iso.datetime(),
  reference: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type FinancialTransaction = z.infer<typeof FinancialTransaction>;
