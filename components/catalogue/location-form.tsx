'use client';

import { ActionForm, useActionForm } from '@/components/ui/action-form';
import { Field, Input, Textarea } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import type { FormOutcome } from '@/lib/transport/portal/portal-action';

type Outcome = FormOutcome<{ message?: string }>;
type Stored = { id: string; name: string; address: string | null; description: string | null };

type Props = {
  action: (previous: Outcome | null, form: FormData) => Promise<Outcome>;
  /** Editing an existing location; otherwise a new one. */
  location?: Stored;
  submitLabel: string;
};

/** Where assets are kept: a name people know the place by, its address and what else helps to find it. */
export function LocationForm({ action, location, submitLabel }: Props) {
  const form = useActionForm(action);
  const prefix = location ? `location-${location.id}` : 'new-location';
  return (
    <ActionForm state={form} className="space-y-4" noValidate>
      {location ? <input type="hidden" name="locationId" value={location.id} /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" htmlFor={`${prefix}-name`} error={form.error('name')}>
          <Input name="name" maxLength={100} autoComplete="off" defaultValue={form.text('name', location?.name)} />
        </Field>
        <Field label="Address (optional)" htmlFor={`${prefix}-address`} error={form.error('address')}>
          <Input name="address" maxLength={500} defaultValue={form.text('address', location?.address)} />
        </Field>
        <Field label="Description (optional)" htmlFor={`${prefix}-description`} error={form.error('description')} hint="How to find it, opening hours, who holds the key…" className="sm:col-span-2">
          <Textarea name="description" rows={2} maxLength={1000} defaultValue={form.text('description', location?.description)} />
        </Field>
      </div>
      <SubmitButton pendingLabel="Saving…">{submitLabel}</SubmitButton>
      <div aria-live="polite">
        <FormMessage result={form.result} />
      </div>
    </ActionForm>
  );
}
