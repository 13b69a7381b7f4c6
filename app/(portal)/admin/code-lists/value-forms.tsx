'use client';

import { useActionState } from 'react';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import { addCodelistValueAction, relabelCodelistValueAction, toggleCodelistValueAction } from '@/lib/transport/portal/actions/codelist-actions';

export function AddValueForm({ codelist }: { codelist: string }) {
  const [result, action] = useActionState(addCodelistValueAction, null);
  const errors = result?.ok === false ? result.fieldErrors : undefined;
  const values = result?.ok === false ? result.values : undefined;
  return (
    <form action={action} className="space-y-3" noValidate>
      <input type="hidden" name="codelist" value={codelist} />
      <div className="grid gap-3 sm:grid-cols-[10rem_minmax(0,1fr)_auto] sm:items-end">
        <Field label="Code" htmlFor="new-code" error={errors?.code?.[0]}>
          <Input id="new-code" name="code" maxLength={64} autoComplete="off" defaultValue={values?.code} aria-invalid={errors?.code ? true : undefined} />
        </Field>
        <Field label="Label" htmlFor="new-label" error={errors?.label?.[0]}>
          <Input id="new-label" name="label" maxLength={200} autoComplete="off" defaultValue={values?.label} aria-invalid={errors?.label ? true : undefined} />
        </Field>
        <SubmitButton pendingLabel="Adding…">Add value</SubmitButton>
      </div>
      <div aria-live="polite">
        <FormMessage result={result} />
      </div>
    </form>
  );
}

export function CustomValueControls({ codelist, id, label, active }: { codelist: string; id: string; label: string; active: boolean }) {
  const [relabelResult, relabel] = useActionState(relabelCodelistValueAction, null);
  const [toggleResult, toggle] = useActionState(toggleCodelistValueAction, null);
  return (
    <div className="space-y-1">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <form action={relabel} className="flex items-center gap-2" noValidate>
          <input type="hidden" name="codelist" value={codelist} />
          <input type="hidden" name="id" value={id} />
          <Input name="label" aria-label={`Label of ${label}`} defaultValue={label} maxLength={200} className="h-8 w-32" />
          <SubmitButton size="sm" variant="secondary" pendingLabel="Saving…">
            Save
          </SubmitButton>
        </form>
        <form action={toggle}>
          <input type="hidden" name="codelist" value={codelist} />
          <input type="hidden" name="id" value={id} />
          <input type="hidden" name="active" value={active ? 'false' : 'true'} />
          <Button type="submit" size="sm" variant={active ? 'ghost-danger' : 'secondary'}>
            {active ? 'Deactivate' : 'Reactivate'}
          </Button>
        </form>
      </div>
      <div aria-live="polite" className="text-xs">
        <FormMessage result={relabelResult ?? toggleResult} />
      </div>
    </div>
  );
}
