'use client';

import { ActionForm, useActionForm } from '@/components/ui/action-form';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import { addCodelistValueAction, relabelCodelistValueAction, toggleCodelistValueAction } from '@/lib/transport/portal/actions/codelist-actions';

export function AddValueForm({ codelist }: { codelist: string }) {
  const form = useActionForm(addCodelistValueAction);
  return (
    <ActionForm state={form} className="space-y-3" noValidate>
      <input type="hidden" name="codelist" value={codelist} />
      <div className="grid gap-3 sm:grid-cols-[10rem_minmax(0,1fr)_auto] sm:items-end">
        <Field label="Code" htmlFor="new-code" error={form.error('code')}>
          <Input name="code" maxLength={64} autoComplete="off" defaultValue={form.text('code')} />
        </Field>
        <Field label="Label" htmlFor="new-label" error={form.error('label')}>
          <Input name="label" maxLength={200} autoComplete="off" defaultValue={form.text('label')} />
        </Field>
        <SubmitButton pendingLabel="Adding…">Add value</SubmitButton>
      </div>
      <div aria-live="polite">
        <FormMessage result={form.result} />
      </div>
    </ActionForm>
  );
}

export function CustomValueControls({ codelist, id, label, active }: { codelist: string; id: string; label: string; active: boolean }) {
  const relabel = useActionForm(relabelCodelistValueAction);
  const toggle = useActionForm(toggleCodelistValueAction);
  const labelError = relabel.error('label');
  return (
    <div className="space-y-1">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <ActionForm state={relabel} className="flex items-center gap-2" noValidate>
          <input type="hidden" name="codelist" value={codelist} />
          <input type="hidden" name="id" value={id} />
          <Input
            name="label"
            aria-label={`Label of ${label}`}
            defaultValue={relabel.text('label', label)}
            maxLength={200}
            className="h-8 w-32"
            aria-invalid={labelError ? true : undefined}
            aria-describedby={labelError ? `label-${id}-error` : undefined}
          />
          <SubmitButton size="sm" variant="secondary" pendingLabel="Saving…">
            Save
          </SubmitButton>
        </ActionForm>
        <ActionForm state={toggle}>
          <input type="hidden" name="codelist" value={codelist} />
          <input type="hidden" name="id" value={id} />
          <input type="hidden" name="active" value={active ? 'false' : 'true'} />
          <Button type="submit" size="sm" variant={active ? 'ghost-danger' : 'secondary'}>
            {active ? 'Deactivate' : 'Reactivate'}
          </Button>
        </ActionForm>
      </div>
      <div aria-live="polite" className="text-xs">
        {labelError ? (
          <p id={`label-${id}-error`} className="font-medium text-red-700">
            {labelError}
          </p>
        ) : (
          <FormMessage result={relabel.result ?? toggle.result} />
        )}
      </div>
    </div>
  );
}
