'use client';

import { ActionForm, useActionForm } from '@/components/ui/action-form';
import { Field, Input } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import { updateOrganisationAction } from '@/lib/transport/portal/actions/settings-actions';

export function OrganisationForm({ name }: { name: string }) {
  const form = useActionForm(updateOrganisationAction);
  return (
    <ActionForm state={form} className="space-y-3" noValidate>
      <Field label="Organisation name" htmlFor="organisation-name" error={form.error('name')} hint="Shown in the portal, on the sign-in page and in every e-mail.">
        <Input name="name" required maxLength={120} defaultValue={form.text('name', name)} />
      </Field>
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton pendingLabel="Saving…">Save name</SubmitButton>
      </div>
      <div aria-live="polite">
        <FormMessage result={form.result} />
      </div>
    </ActionForm>
  );
}
