'use server';

import { z } from 'zod';
import { createDonation } from '@/lib/records/donations/create-donation';
import { CreateDonationBody, UpdateDonationBody } from '@/lib/records/donations/schemas';
import { updateDonation } from '@/lib/records/donations/update-donation';
import { createFinancialTransaction } from '@/lib/records/financial-transactions/create-financial-transaction';
import { CreateFinancialTransactionBody, UpdateFinancialTransactionBody } from '@/lib/records/financial-transactions/schemas';
import { updateFinancialTransaction } from '@/lib/records/financial-transactions/update-financial-transaction';
import { formAction } from '../portal-action';
import { amountField, currencyField, formText, optionalText, requiredDay } from './record-form-fields';

const refreshPeople = [{ path: '/people', type: 'layout' as const }];

const DonationForm = z.object({
  personId: z.uuid(),
  donationId: z.uuid().optional(),
  amount: amountField,
  currency: currencyField,
  donatedAt: requiredDay('the day of the gift'),
  campaign: optionalText,
  anonymousToPublic: z.boolean(),
});

export const saveDonationAction = formAction(
  {
    input: DonationForm,
    fields: (form) => ({
      personId: formText(form, 'personId'),
      donationId: formText(form, 'donationId') || undefined,
      amount: formText(form, 'amount'),
      currency: formText(form, 'currency'),
      donatedAt: formText(form, 'donatedAt'),
      campaign: formText(form, 'campaign'),
      anonymousToPublic: form.get('anonymousToPublic') === 'on',
    }),
    revalidate: refreshPeople,
  },
  async ({ tx, ctx, input }) => {
    const { personId, donationId, ...values } = input;
    if (!donationId) {
      await createDonation(tx, ctx, CreateDonationBody.parse({ personId, ...values }));
      return { message: 'Donation recorded.' };
    }
    await updateDonation(tx, ctx, donationId, UpdateDonationBody.parse(values));
    return { message: 'Donation corrected.' };
  },
);

const TransactionForm = z.object({
  personId: z.uuid(),
  transactionId: z.uuid().optional(),
  kind: z.string(),
  amount: amountField,
  currency: currencyField,
  occurredAt: requiredDay('the day the money moved'),
  reference: optionalText,
});

export const saveTransactionAction = formAction(
  {
    input: TransactionForm,
    fields: (form) => ({
      personId: formText(form, 'personId'),
      transactionId: formText(form, 'transactionId') || undefined,
      kind: formText(form, 'kind'),
      amount: formText(form, 'amount'),
      currency: formText(form, 'currency'),
      occurredAt: formText(form, 'occurredAt'),
      reference: formText(form, 'reference'),
    }),
    revalidate: refreshPeople,
  },
  async ({ tx, ctx, input }) => {
    const { personId, transactionId, ...values } = input;
    if (!transactionId) {
      await createFinancialTransaction(tx, ctx, CreateFinancialTransactionBody.parse({ personId, ...values }));
      return { message: 'Payment recorded.' };
    }
    await updateFinancialTransaction(tx, ctx, transactionId, UpdateFinancialTransactionBody.parse(values));
    return { message: 'Payment corrected.' };
  },
);
