'use client';

import { useActionState } from 'react';
import { Input } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import { rejectProposalAction } from '@/lib/transport/portal/actions/proposal-actions';

/** Reject with a reason, which the person reads in the portal and the e-mail. */
export function RejectProposalForm({ id, personName }: { id: string; personName: string }) {
  const [result, run] = useActionState(rejectProposalAction, null);
  const error = result?.ok === false ? result.fieldErrors?.reason?.[0] : undefined;
  return (
    <form action={run} className="flex flex-col items-start gap-2">
      <input type="hidden" name="id" value={id} />
      <label className="sr-only" htmlFor={`reason-${id}`}>
        Reason for rejecting the change of {personName}
      </label>
      <Input id={`reason-${id}`} name="reason" placeholder="Reason, if you reject" aria-invalid={error ? true : undefined} />
      <SubmitButton variant="secondary" pendingLabel="Rejecting…" aria-label={`Reject the change of ${personName}`}>
        Reject
      </SubmitButton>
      <div aria-live="polite" className="empty:hidden">
        <FormMessage result={result} />
      </div>
    </form>
  );
}
