'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { ActionForm, useActionForm } from '@/components/ui/action-form';
import type { CreateLoanResult } from '@/lib/transport/portal/actions/loan-actions';
import { ButtonLink } from '@/components/ui/button';
import { Field, Textarea } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';

type Props = {
  assetId: string;
  startDate: string;
  endDate: string;
  /** The reason of the caller's recent similar loan: offered to pick, never filled in unasked. */
  suggestedPurpose: string | null;
  backHref: string;
  action: (previous: CreateLoanResult | null, formData: FormData) => Promise<CreateLoanResult>;
};

/** Step 3: the purpose, then filing. A refused request keeps what was typed. */
export function LoanRequestForm({ assetId, startDate, endDate, suggestedPurpose, backHref, action }: Props) {
  const [purpose, setPurpose] = useState('');
  const form = useActionForm(action);
  const { result } = form;
  const router = useRouter();
  const filedPath = result?.ok ? result.filedPath : undefined;
  useEffect(() => {
    if (filedPath) router.push(filedPath);
  }, [filedPath, router]);
  return (
    <ActionForm state={form} className="space-y-5" noValidate>
      <input type="hidden" name="assetId" value={assetId} />
      <input type="hidden" name="startDate" value={startDate} />
      <input type="hidden" name="endDate" value={endDate} />
      <Field label="What do you need it for?" htmlFor="loan-purpose" hint="Your approver reads this. Up to 500 characters." error={form.error('purpose')}>
        <Textarea name="purpose" rows={3} value={purpose} onChange={(event) => setPurpose(event.target.value)} required maxLength={500} placeholder="e.g. Client workshop in Berlin" />
      </Field>
      {suggestedPurpose && purpose.trim() !== suggestedPurpose ? (
        <p className="-mt-3 flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <span>Same reason as last time?</span>
          <button
            type="button"
            className="max-w-full truncate rounded-full border border-slate-300 bg-white px-3 py-1 text-left text-sm text-slate-800 hover:border-brand hover:text-brand"
            onClick={() => setPurpose(suggestedPurpose)}
            aria-label={`Use your last reason: ${suggestedPurpose}`}
          >
            “{suggestedPurpose}”
          </button>
        </p>
      ) : null}
      <div aria-live="polite">
        <FormMessage result={result} />
      </div>
      <div className="flex flex-wrap justify-between gap-3">
        <ButtonLink href={backHref} variant="ghost">
          Back: change the dates
        </ButtonLink>
        <SubmitButton pendingLabel="Sending request…">Send request</SubmitButton>
      </div>
    </ActionForm>
  );
}
