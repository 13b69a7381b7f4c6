'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { ActionForm, useActionForm } from '@/components/ui/action-form';
import type { CreateLoanResult } from '@/lib/transport/portal/actions/loan-actions';
import { ButtonLink } from '@/components/ui/button';
import { Field, Textarea } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import { formatDate } from '@/lib/platform/format/dates';
import type { OwnOverlap } from '@/lib/lending/loans/load-request-facts';

type Props = {
  assetId: string;
  startDate: string;
  endDate: string;
  /** The reason of the caller's recent similar loan: offered to pick, never filled in unasked. */
  suggestedPurpose: string | null;
  backHref: string;
  action: (previous: CreateLoanResult | null, formData: FormData) => Promise<CreateLoanResult>;
};

/**
 * Step 3: the purpose, then filing. A refused request keeps what was typed. A request beside one of the person's
 * own for overlapping dates is not filed at once: the form names the first and asks before filing a second.
 */
export function LoanRequestForm({ assetId, startDate, endDate, suggestedPurpose, backHref, action }: Props) {
  const [purpose, setPurpose] = useState('');
  const form = useActionForm(action);
  const { result } = form;
  const router = useRouter();
  const filedPath = result?.ok && 'filedPath' in result ? result.filedPath : undefined;
  const duplicates = result?.ok && 'duplicates' in result ? result.duplicates : [];
  const confirmable = duplicates.length > 0;
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
        {duplicates.length > 0 ? <DuplicateWarning existing={duplicates} /> : <FormMessage result={result} />}
      </div>
      {confirmable ? (
        <input type="hidden" name="allowDuplicate" value="true" />
      ) : null}
      <div className="flex flex-wrap justify-between gap-3">
        <ButtonLink href={backHref} variant="ghost">
          Back: change the dates
        </ButtonLink>
        {duplicates.length === 0 ? <SubmitButton pendingLabel="Sending request…">Send request</SubmitButton> : null}
        {confirmable ? (
          <SubmitButton variant="secondary" pendingLabel="Sending request…">Send a second request</SubmitButton>
        ) : null}
      </div>
    </ActionForm>
  );
}

/** The person's own request for these dates, with a way to it. */
function DuplicateWarning({ existing }: { existing: OwnOverlap[] }) {
  const first = existing[0]!;
  return (
    <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="duplicate-request">
      You already asked for this asset from {formatDate(first.startDate)} to {formatDate(first.endDate)}, and{' '}
      <Link href={`/loans/${first.id}`} className="font-medium underline">
        that request
      </Link>{' '}
      is still waiting for a decision. Send a second request only if you need it twice; otherwise change the dates or keep the first one.
    </p>
  );
}
