'use client';

import { ActionForm, useActionForm } from '@/components/ui/action-form';
import { Field, Input } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import { linkRegistryAction } from '@/lib/transport/portal/actions/settings-actions';

export function RegistryLinkForm({ registryId }: { registryId: string | null }) {
  const form = useActionForm(linkRegistryAction);
  return (
    <ActionForm state={form} className="space-y-3" noValidate>
      <Field label="Registry id" htmlFor="registry-id" error={form.error('registryId')} hint="Your organisation's id at the sports registry, such as O-2001. It is checked with the registry. Leave empty to unlink.">
        <Input name="registryId" maxLength={100} autoComplete="off" defaultValue={form.text('registryId', registryId)} />
      </Field>
      <SubmitButton pendingLabel="Checking with the registry…">Save registry id</SubmitButton>
      <div aria-live="polite">
        <FormMessage result={form.result} />
      </div>
    </ActionForm>
  );
}
