'use client';

import { ActionForm, useActionForm } from '@/components/ui/action-form';
import { Field, Input, Select } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import type { FinancialTransaction } from '@/lib/records/financial-transactions/schemas';
import { saveTransactionAction } from '@/lib/transport/portal/actions/finance-actions';
import { dayValue } from './day-value';
import { optionsOf, transactionKindLabels } from './record-labels';

/** Records a payment, or corrects one when `transaction` is given; money given back is a new refund. */
export function TransactionForm({ personId, transaction, defaultDay, currency }: { personId: string; transaction?: FinancialTransaction; defaultDay: string; currency: string }) {
  const form = useActionForm(saveTransactionAction);
  const prefix = transaction ? `transaction-${transaction.id.slice(0, 8)}` : 'transaction-new';
  return (
    <ActionForm state={form} className="grid gap-4 sm:grid-cols-2" noValidate aria-label={transaction ? 'Correct this payment' : 'Record a payment'}>
      <input type="hidden" name="personId" value={personId} />
      {transaction ? <input type="hidden" name="transactionId" value={transaction.id} /> : null}
      <Field label="Kind" htmlFor={`${prefix}-kind`} error={form.error('kind')} hint="A refund is money paid back to the person; the others are paid to the club.">
        <Select name="kind" defaultValue={form.text('kind', transaction?.kind ?? 'membership_fee')}>
          {optionsOf(transactionKindLabels).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      </Field>
      <div className="grid grid-cols-[minmax(0,1fr)_6rem] gap-3">
        <Field label="Amount" htmlFor={`${prefix}-amount`} error={form.error('amount')}>
          <Input name="amount" inputMode="decimal" defaultValue={form.text('amount', transaction?.amount)} placeholder="180.00" />
        </Field>
        <Field label="Currency" htmlFor={`${prefix}-currency`} error={form.error('currency')}>
          <Input name="currency" maxLength={3} className="uppercase" defaultValue={form.text('currency', transaction?.currency ?? currency)} />
        </Field>
      </div>
      <Field label="Paid on" htmlFor={`${prefix}-occurredAt`} error={form.error('occurredAt')}>
        <Input name="occurredAt" type="date" defaultValue={form.text('occurredAt', transaction ? dayValue(transaction.occurredAt) : defaultDay)} />
      </Field>
      <Field label="Reference" htmlFor={`${prefix}-reference`} error={form.error('reference')} hint="Optional: an invoice or bank reference.">
        <Input name="reference" maxLength={200} defaultValue={form.text('reference', transaction?.reference)} />
      </Field>
      <div aria-live="polite" className="sm:col-span-2">
        <FormMessage result={form.result} />
      </div>
      <div>
        <SubmitButton pendingLabel="Saving…">{transaction ? 'Save correction' : 'Record payment'}</SubmitButton>
      </div>
    </ActionForm>
  );
}
