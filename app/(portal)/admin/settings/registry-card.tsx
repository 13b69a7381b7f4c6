'use client';

import { useActionState } from 'react';
import { Field, Input } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import { linkRegistryAction } from '@/lib/transport/portal/actions/settings-actions';

export function RegistryLinkForm({ registryId }: { registryId: string | null }) {
  const [result, action] = useActionState(linkRegistryAction, null);
  const error = result?.ok === false ? (result.fieldErrors?.registryId?.[0] ?? undefined) : undefined;
  return (
    <form action={action} className="space-y-3" noValidate>
      <Field label="Registry id" htmlFor="registry-id" error={error} hint="Your organisation's id at the sports registry, such as O-2001. It is checked with the registry. Leave empty to unlink.">
        <Input id="registry-id" name="registryId" maxLength={100} autoComplete="off" defaultValue={result?.ok === false ? result.values?.registryId : (registryId ?? '')} aria-invalid={error ? true : undefined} />
      </Field>
      <SubmitButton pendingLabel="Checking with the registry…">Save registry id</SubmitButton>
      <div aria-live="polite">
        <FormMessage result={result} />
      </div>
    </form>
  );
}
