'use client';

import { useActionState } from 'react';
import { Field, Input } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import { updateLegalContactAction } from '@/lib/transport/portal/actions/settings-actions';

export function LegalContactForm({ legalContactEmail }: { legalContactEmail: string | null }) {
  const [result, action] = useActionState(updateLegalContactAction, null);
  const error = result?.ok === false ? result.fieldErrors?.legalContactEmail?.[0] : undefined;
  return (
    <form action={action} className="space-y-3" noValidate>
      <Field
        label="Legal contact e-mail"
        htmlFor="legal-contact-email"
        error={error}
        hint="The monthly legal report is e-mailed here on the 1st. Leave empty to keep reports on the Legal reports page only."
      >
        <Input
          id="legal-contact-email"
          name="legalContactEmail"
          type="email"
          maxLength={254}
          autoComplete="off"
          defaultValue={result?.ok === false ? result.values?.legalContactEmail : (legalContactEmail ?? '')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'legal-contact-email-error' : 'legal-contact-email-hint'}
        />
      </Field>
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton pendingLabel="Saving…">Save legal contact</SubmitButton>
      </div>
      <div aria-live="polite">
        <FormMessage result={result} />
      </div>
    </form>
  );
}
