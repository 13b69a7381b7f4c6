'use client';

import { ActionForm, useActionForm } from '@/components/ui/action-form';
import { Input } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import { rejectProposalAction } from '@/lib/portal/actions/proposal-actions';

/** Reject with a reason, which the person reads in the portal and the e-mail. */
export function RejectProposalForm({ id, personName }: { id: string; personName: string }) {
  const form = useActionForm(rejectProposalAction);
  const error = form.error('reason');
  return (
    <ActionForm state={form} className="flex flex-col items-start gap-2" noValidate>
      <input type="hidden" name="id" value={id} />
      <label className="sr-only" htmlFor={`reason-${id}`}>
        Reason for rejecting the change of {personName}
      </label>
      <Input
        id={`reason-${id}`}
        name="reason"
        placeholder="Reason, if you reject"
        defaultValue={form.text('reason')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `reason-${id}-error` : undefined}
      />
      {error ? (
        <p id={`reason-${id}-error`} className="text-xs font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <SubmitButton variant="secondary" pendingLabel="Rejecting…" aria-label={`Reject the change of ${personName}`}>
        Reject
      </SubmitButton>
      <div aria-live="polite" className="empty:hidden">
        <FormMessage result={form.result} />
      </div>
    </ActionForm>
  );
}
