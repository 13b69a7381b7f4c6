'use client';

import { useActionState } from 'react';
import { Field, Select, Textarea } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import type { FormOutcome } from '@/lib/transport/portal/portal-action';
import { verificationMethodLabels } from '@/lib/privacy/erasure/deletion-requests/field-labels';

type Action = (previous: unknown, form: FormData) => Promise<FormOutcome<object, unknown>>;

export function VerifyErasureForm({ id, action }: { id: string; action: Action }) {
  const [result, formAction] = useActionState(action, null);
  const errors = result && !result.ok ? result.fieldErrors : undefined;
  return (
    <form action={formAction} className="space-y-4" aria-label="Verify identity">
      <input type="hidden" name="id" value={id} />
      <Field label="How did you confirm who they are?" htmlFor="verify-method" error={errors?.method?.[0]}>
        <Select id="verify-method" name="method" defaultValue="" required>
          <option value="" disabled>
            Choose…
          </option>
          {Object.entries(verificationMethodLabels).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Note (optional)" htmlFor="verify-note" hint="What you checked, e.g. “called the number on file, confirmed date of birth”. Do not copy identity documents." error={errors?.note?.[0]}>
        <Textarea id="verify-note" name="note" rows={2} maxLength={1000} />
      </Field>
      <SubmitButton pendingLabel="Verifying…">Verify and erase</SubmitButton>
      <FormMessage result={result} />
    </form>
  );
}

export function RejectErasureForm({ id, action }: { id: string; action: Action }) {
  const [result, formAction] = useActionState(action, null);
  const errors = result && !result.ok ? result.fieldErrors : undefined;
  const kept = result && !result.ok ? (result.values as { reason?: string } | undefined)?.reason : undefined;
  return (
    <form action={formAction} className="space-y-4" aria-label="Reject request">
      <input type="hidden" name="id" value={id} />
      <Field label="Reason" htmlFor="reject-reason" hint="The person receives this reason by e-mail and in the app." error={errors?.reason?.[0]}>
        <Textarea id="reject-reason" name="reason" rows={3} maxLength={2000} defaultValue={kept} required />
      </Field>
      <SubmitButton variant="secondary" pendingLabel="Rejecting…">
        Reject request
      </SubmitButton>
      <FormMessage result={result} />
    </form>
  );
}
