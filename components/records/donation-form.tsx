'use client';

import { ActionForm, useActionForm } from '@/components/ui/action-form';
import { Field, Input } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import type { Donation } from '@/lib/records/donations/schemas';
import { saveDonationAction } from '@/lib/transport/portal/actions/finance-actions';
import { dayValue } from './day-value';

/** Records a gift, or corrects one when `donation` is given. */
export function DonationForm({ personId, donation, defaultDay, currency }: { personId: string; donation?: Donation; defaultDay: string; currency: string }) {
  const form = useActionForm(saveDonationAction);
  const prefix = donation ? `donation-${donation.id.slice(0, 8)}` : 'donation-new';
  return (
    <ActionForm state={form} className="grid gap-4 sm:grid-cols-2" noValidate aria-label={donation ? 'Correct this donation' : 'Record a donation'}>
      <input type="hidden" name="personId" value={personId} />
      {donation ? <input type="hidden" name="donationId" value={donation.id} /> : null}
      <div className="grid grid-cols-[minmax(0,1fr)_6rem] gap-3">
        <Field label="Amount" htmlFor={`${prefix}-amount`} error={form.error('amount')}>
          <Input name="amount" inputMode="decimal" defaultValue={form.text('amount', donation?.amount)} placeholder="50.00" />
        </Field>
        <Field label="Currency" htmlFor={`${prefix}-currency`} error={form.error('currency')}>
          <Input name="currency" maxLength={3} className="uppercase" defaultValue={form.text('currency', donation?.currency ?? currency)} />
        </Field>
      </div>
      <Field label="Given on" htmlFor={`${prefix}-donatedAt`} error={form.error('donatedAt')}>
        <Input name="donatedAt" type="date" defaultValue={form.text('donatedAt', donation ? dayValue(donation.donatedAt) : defaultDay)} />
      </Field>
      <Field label="Campaign" htmlFor={`${prefix}-campaign`} error={form.error('campaign')} hint="Optional, for example “New goals 2026”.">
        <Input name="campaign" maxLength={200} defaultValue={form.text('campaign', donation?.campaign)} />
      </Field>
      <div className="flex items-start gap-3 self-end">
        <input
          id={`${prefix}-anonymousToPublic`}
          name="anonymousToPublic"
          type="checkbox"
          defaultChecked={form.checked('anonymousToPublic', donation?.anonymousToPublic ?? false)}
          className="mt-0.5 h-4 w-4 rounded border-slate-300 accent-[var(--color-brand)]"
          aria-describedby={`${prefix}-anonymousToPublic-hint`}
        />
        <div>
          <label htmlFor={`${prefix}-anonymousToPublic`} className="text-sm font-medium text-slate-800">
            Not named in public lists
          </label>
          <p id={`${prefix}-anonymousToPublic-hint`} className="text-xs text-slate-600">
            Donor walls and annual reports leave the name out; the club still knows who gave.
          </p>
        </div>
      </div>
      <div aria-live="polite" className="sm:col-span-2">
        <FormMessage result={form.result} />
      </div>
      <div>
        <SubmitButton pendingLabel="Saving…">{donation ? 'Save correction' : 'Record donation'}</SubmitButton>
      </div>
    </ActionForm>
  );
}
