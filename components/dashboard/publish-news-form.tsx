'use client';

import { ActionForm, useActionForm } from '@/components/ui/action-form';
import { Field, Input, Textarea } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import type { ActionResult } from '@/lib/transport/portal/action-result';

type Action = (previous: ActionResult | null, formData: FormData) => Promise<ActionResult>;

/** Published news clears the form; a refused one comes back as it was written. */
export function PublishNewsForm({ action }: { action: Action }) {
  const form = useActionForm(action);
  return (
    <ActionForm state={form} className="space-y-4" noValidate>
      <Field label="Title" htmlFor="news-title" error={form.error('title')}>
        <Input name="title" maxLength={120} defaultValue={form.text('title')} />
      </Field>
      <Field label="Text" htmlFor="news-body" hint="Plain text, up to 2,000 characters." error={form.error('body')}>
        <Textarea name="body" rows={5} maxLength={2000} defaultValue={form.text('body')} />
      </Field>
      <div aria-live="polite">
        <FormMessage result={form.result} />
      </div>
      <SubmitButton pendingLabel="Publishing…">Publish news</SubmitButton>
    </ActionForm>
  );
}
