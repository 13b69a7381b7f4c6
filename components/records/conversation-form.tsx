'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { ActionForm, useActionForm } from '@/components/ui/action-form';
import { Field, FieldSet, Input } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import type { PersonName } from '@/lib/people/persons/search-person-names';
import { startConversationAction } from '@/lib/transport/portal/actions/conversation-actions';
import { chosenPeople, PersonPicker } from './person-picker';
import { conversationKindHints, conversationKindLabels } from './record-labels';

/** A new thread: its kind, title and the people in it (the starter is always one of them). */
export function ConversationForm({ kinds, with: initial }: { kinds: readonly string[]; with: PersonName[] }) {
  const form = useActionForm(startConversationAction);
  const router = useRouter();
  const started = form.result?.ok ? form.result.conversationId : undefined;
  useEffect(() => {
    if (started) router.push(`/conversations/${started}`);
  }, [started, router]);
  const failed = form.result?.ok === false;
  const chosen = failed ? chosenPeople(form.chosen('participantPersonIds', []), form.chosen('participantPersonIdsName', [])) : initial;
  return (
    <ActionForm state={form} className="grid gap-4" noValidate aria-label="Start a conversation">
      <Field label="Title" htmlFor="conversation-title" error={form.error('title')}>
        <Input name="title" maxLength={200} defaultValue={form.text('title', '')} placeholder="e.g. Away trip to Hamburg" />
      </Field>
      <FieldSet id="conversation-kind" legend="Kind" error={form.error('kind')} className="space-y-2">
        {kinds.map((kind) => (
          <div key={kind} className="flex items-start gap-3">
            <input
              id={`conversation-kind-${kind}`}
              type="radio"
              name="kind"
              value={kind}
              defaultChecked={form.checked('kind', kind === 'general', kind)}
              className="mt-0.5 h-4 w-4 accent-[var(--color-brand)]"
              aria-describedby={`conversation-kind-${kind}-hint`}
            />
            <div>
              <label htmlFor={`conversation-kind-${kind}`} className="text-sm font-medium text-slate-800">
                {conversationKindLabels[kind]}
              </label>
              <p id={`conversation-kind-${kind}-hint`} className="text-xs text-slate-600">
                {conversationKindHints[kind]}
              </p>
            </div>
          </div>
        ))}
      </FieldSet>
      <PersonPicker id="conversation-participants" name="participantPersonIds" label="With" hint="You take part yourself; add the others by name." error={form.error('participantPersonIds')} multiple chosen={chosen} />
      <div aria-live="polite">
        <FormMessage result={form.result} />
      </div>
      <div>
        <SubmitButton pendingLabel="Starting…">Start conversation</SubmitButton>
      </div>
    </ActionForm>
  );
}
