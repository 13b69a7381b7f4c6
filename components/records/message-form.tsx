'use client';

import { ActionForm, useActionForm } from '@/components/ui/action-form';
import { Field, Textarea } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import { postMessageAction } from '@/lib/transport/portal/actions/conversation-actions';

/** Writes to a thread; the text stays in the box after a refusal and is cleared once it was sent. */
export function MessageForm({ conversationId }: { conversationId: string }) {
  const form = useActionForm(postMessageAction);
  return (
    <ActionForm state={form} className="grid gap-3" noValidate aria-label="Write a message">
      <input type="hidden" name="conversationId" value={conversationId} />
      <Field label="Your message" htmlFor="message-body" error={form.error('body')}>
        <Textarea name="body" rows={3} defaultValue={form.text('body', '')} />
      </Field>
      <div aria-live="polite">
        <FormMessage result={form.result} />
      </div>
      <div>
        <SubmitButton pendingLabel="Sending…">Send</SubmitButton>
      </div>
    </ActionForm>
  );
}
