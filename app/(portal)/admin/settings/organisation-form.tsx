'use client';

import { useActionState } from 'react';
import { Field, Input } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import { updateOrganisationAction } from '@/lib/transport/portal/actions/settings-actions';

export function OrganisationForm({ name }: { name: string }) {
  const [result, action] = useActionState(updateOrganisationAction, null);
  const error = result?.ok === false ? result.fieldErrors?.name?.[0] : undefined;
  return (
    <form action={action} className="space-y-3" noValidate>
      <Field label="Organisation name" htmlFor="organisation-name" error={error} hint="Shown in the portal, on the sign-in page and in every e-mail.">
        <Input
          id="organisation-name"
          name="name"
          required
          maxLength={120}
          defaultValue={result?.ok === false ? result.values?.name : name}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'organisation-name-error' : 'organisation-name-hint'}
        />
      </Field>
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton pendingLabel="Saving…">Save name</SubmitButton>
      </div>
      <div aria-live="polite">
        <FormMessage result={result} />
      </div>
    </form>
  );
}
