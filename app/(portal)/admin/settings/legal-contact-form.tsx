'use client';

import { ActionForm, useActionForm } from '@/components/ui/action-form';
import { Field, Input } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import { updateLegalContactAction } from '@/lib/transport/portal/actions/settings-actions';

export function LegalContactForm({ legalContactEmail }: { legalContactEmail: string | null }) {
  const form = useActionForm(updateLegalContactAction);
  return (
    <ActionForm state={form} className="space-y-3" noValidate>
      <Field
        label="Legal contact e-mail"
        htmlFor="legal-contact-email"
        error={form.error('legalContactEmail')}
        hint="The monthly legal report is e-mailed here on the 1st. Leave empty to keep reports on the Legal reports page only."
      >
        <Input name="legalContactEmail" type="email" maxLength={254} autoComplete="off" defaultValue={form.text('legalContactEmail', legalContactEmail)} />
      </Field>
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton pendingLabel="Saving…">Save legal contact</SubmitButton>
      </div>
      <div aria-live="polite">
        <FormMessage result={form.result} />
      </div>
    </ActionForm>
  );
}
