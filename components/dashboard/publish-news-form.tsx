'use client';

import { useActionState, useState } from 'react';
import { Field, Input, Textarea } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import type { ActionResult } from '@/lib/transport/portal/action-result';

type Action = (previous: ActionResult | null, formData: FormData) => Promise<ActionResult>;

/** Controlled fields, because React resets a form after its action: bad input must keep what was typed. */
export function PublishNewsForm({ action }: { action: Action }) {
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [result, formAction] = useActionState(async (previous: ActionResult | null, formData: FormData) => {
    const outcome = await action(previous, formData);
    if (outcome.ok) {
      setTitle('');
      setBody('');
    }
    return outcome;
  }, null);
  const error = (field: string) => (result && !result.ok ? result.fieldErrors?.[field]?.[0] : undefined);
  return (
    <form action={formAction} className="space-y-4" noValidate>
      <Field label="Title" htmlFor="news-title" error={error('title')}>
        <Input
          id="news-title"
          name="title"
          maxLength={120}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          aria-invalid={error('title') ? true : undefined}
          aria-describedby={error('title') ? 'news-title-error' : undefined}
        />
      </Field>
      <Field label="Text" htmlFor="news-body" hint="Plain text, up to 2,000 characters." error={error('body')}>
        <Textarea
          id="news-body"
          name="body"
          rows={5}
          maxLength={2000}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          aria-invalid={error('body') ? true : undefined}
          aria-describedby={error('body') ? 'news-body-error' : 'news-body-hint'}
        />
      </Field>
      <div aria-live="polite">
        <FormMessage result={result} />
      </div>
      <SubmitButton pendingLabel="Publishing…">Publish news</SubmitButton>
    </form>
  );
}
