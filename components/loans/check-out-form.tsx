'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { chosenPeople, PersonPicker } from '@/components/records/person-picker';
import { ActionForm, useActionForm } from '@/components/ui/action-form';
import { ButtonLink } from '@/components/ui/button';
import { Field, Input, Textarea } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import { checkOutLoanAction, searchBorrowersAction } from '@/lib/transport/portal/actions/loan-actions';

type Props = { assetId: string; today: string; latestEnd: string; defaultEnd: string; backHref: string };

/** The desk checkout: who takes the asset and until when; the loan starts now. A refusal keeps every choice. */
export function CheckOutForm({ assetId, today, latestEnd, defaultEnd, backHref }: Props) {
  const form = useActionForm(checkOutLoanAction);
  const router = useRouter();
  const href = form.result?.ok ? form.result.href : undefined;
  useEffect(() => {
    if (href) router.push(href);
  }, [href, router]);
  const failed = form.result?.ok === false;
  const chosen = failed ? chosenPeople(form.chosen('borrowerId', []), form.chosen('borrowerIdName', [])) : [];
  return (
    <ActionForm state={form} className="space-y-5" noValidate aria-label="Check out at the desk">
      <input type="hidden" name="assetId" value={assetId} />
      <PersonPicker
        id="checkout-borrower"
        name="borrowerId"
        label="Who takes it"
        hint="Type at least two letters of their name. Only people with an active account can borrow."
        error={form.error('borrowerId')}
        chosen={chosen}
        search={searchBorrowersAction}
      />
      <Field label="Return date" htmlFor="checkout-end" hint="The loan starts today." error={form.error('endDate')}>
        <Input id="checkout-end" type="date" name="endDate" defaultValue={form.text('endDate', defaultEnd)} min={today} max={latestEnd} className="sm:max-w-xs" />
      </Field>
      <Field label="What it is for" htmlFor="checkout-purpose" hint="Kept with the loan; the borrower sees it. Up to 500 characters." error={form.error('purpose')}>
        <Textarea id="checkout-purpose" name="purpose" rows={2} maxLength={500} defaultValue={form.text('purpose', 'Handed over at the desk')} />
      </Field>
      <div aria-live="polite">{failed ? <FormMessage result={form.result} /> : null}</div>
      <div className="flex flex-wrap justify-between gap-3">
        <ButtonLink href={backHref} variant="ghost">
          Back to the asset
        </ButtonLink>
        <SubmitButton pendingLabel="Checking out…">Check out now</SubmitButton>
      </div>
    </ActionForm>
  );
}
