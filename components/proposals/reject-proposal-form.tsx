'use client';

import { useId } from 'react';
import { ActionForm, useActionForm } from '@/components/ui/action-form';
import { Input } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import { rejectProposalAction } from '@/lib/transport/portal/actions/proposal-actions';

/**
 * Reject with a reason, which the person reads in the portal and the e-mail. The page draws each proposal twice
 * (a table, and cards on a phone), so the ids are per drawing: one shared id would label the hidden copy.
 */
export function RejectProposalForm({ id, personName }: { id: string; personName: string }) {
  const form = useActionForm(rejectProposalAction);
  const error = form.error('reason');
  const reasonId = useId();
  return (
    <ActionForm state={form} className="flex flex-col items-start gap-2" noValidate>
      <input type="hidden" name="id" value={id} />
      <label className="sr-only" htmlFor={reasonId}>
        Reason for rejecting the change of {personName}
      </label>
      <Input
        id={reasonId}
        name="reason"
        placeholder="Reason, if you reject"
        defaultValue={form.text('reason')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${reasonId}-error` : undefined}
      />
      {error ? (
        <p id={`${reasonId}-error`} className="text-xs font-medium text-red-700">
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
