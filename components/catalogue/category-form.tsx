'use client';

import { ActionForm, useActionForm } from '@/components/ui/action-form';
import { Field, Input, Textarea } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import type { CustomFieldDefinition } from '@/lib/lending/categories/schemas';
import type { FormOutcome } from '@/lib/transport/portal/portal-action';
import { CustomFieldEditor } from './custom-field-editor';

type Outcome = FormOutcome<{ message?: string }>;
type Stored = { id: string; name: string; description: string | null; customFields: CustomFieldDefinition[] };

type Props = {
  action: (previous: Outcome | null, form: FormData) => Promise<Outcome>;
  /** Editing an existing category; otherwise a new one. */
  category?: Stored;
  submitLabel: string;
};

/** A category's name, description and custom fields; after a refusal it shows exactly what was sent. */
export function CategoryForm({ action, category, submitLabel }: Props) {
  const form = useActionForm(action);
  const prefix = category ? `category-${category.id}` : 'new-category';
  const sent = form.result?.ok === false ? form.result.values : undefined;
  return (
    <ActionForm state={form} className="space-y-5" noValidate>
      {category ? <input type="hidden" name="categoryId" value={category.id} /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" htmlFor={`${prefix}-name`} error={form.error('name')}>
          <Input name="name" maxLength={100} autoComplete="off" defaultValue={form.text('name', category?.name)} />
        </Field>
        <Field label="Description (optional)" htmlFor={`${prefix}-description`} error={form.error('description')}>
          <Textarea name="description" rows={1} maxLength={1000} defaultValue={form.text('description', category?.description)} />
        </Field>
      </div>
      <CustomFieldEditor stored={category?.customFields ?? []} sent={sent} error={form.error} />
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton pendingLabel="Saving…">{submitLabel}</SubmitButton>
      </div>
      <div aria-live="polite">
        <FormMessage result={form.result} />
      </div>
    </ActionForm>
  );
}
