'use client';

import { ActionForm, useActionForm } from '@/components/ui/action-form';
import { Field, Select, Textarea } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import type { ActionResult } from '@/lib/transport/portal/action-result';
import { verificationMethodLabels } from '@/lib/privacy/erasure/deletion-requests/field-labels';

type Action = (previous: ActionResult | null, form: FormData) => Promise<ActionResult>;

export function VerifyErasureForm({ id, action }: { id: string; action: Action }) {
  const form = useActionForm(action);
  return (
    <ActionForm state={form} className="space-y-4" aria-label="Verify identity" noValidate>
      <input type="hidden" name="id" value={id} />
      <Field label="How did you confirm who they are?" htmlFor="verify-method" error={form.error('method')}>
        <Select name="method" defaultValue={form.text('method')} required>
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
      <Field label="Note (optional)" htmlFor="verify-note" hint="What you checked, e.g. “called the number on file, confirmed date of birth”. Do not copy identity documents." error={form.error('note')}>
        <Textarea name="note" rows={2} maxLength={1000} defaultValue={form.text('note')} />
      </Field>
      <SubmitButton pendingLabel="Verifying…">Verify and erase</SubmitButton>
      <FormMessage result={form.result} />
    </ActionForm>
  );
}

export function RejectErasureForm({ id, action }: { id: string; action: Action }) {
  const form = useActionForm(action);
  return (
    <ActionForm state={form} className="space-y-4" aria-label="Reject request" noValidate>
      <input type="hidden" name="id" value={id} />
      <Field label="Reason" htmlFor="reject-reason" hint="The person receives this reason by e-mail and in the app." error={form.error('reason')}>
        <Textarea name="reason" rows={3} maxLength={2000} defaultValue={form.text('reason')} required />
      </Field>
      <SubmitButton variant="secondary" pendingLabel="Rejecting…">
        Reject request
      </SubmitButton>
      <FormMessage result={form.result} />
    </ActionForm>
  );
}
