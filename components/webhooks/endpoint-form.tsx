'use client';

import { ActionForm, useActionForm } from '@/components/ui/action-form';
import { Field, FieldSet, Input } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import type { FormOutcome } from '@/lib/transport/portal/portal-action';
import { SecretNotice } from './secret-notice';

export type EventChoice = { type: string; description: string };
type Stored = { url: string; description: string | null; eventTypes: string[] };
type Outcome = FormOutcome<{ message?: string; secret?: string }>;

type Props = {
  action: (previous: Outcome | null, form: FormData) => Promise<Outcome>;
  events: EventChoice[];
  /** Editing an existing endpoint (with its enabled switch); otherwise a new one. */
  endpoint?: Stored & { id: string; enabled: boolean };
  submitLabel: string;
};

/** The URL, description and events of an endpoint; a new endpoint's secret is shown once, after saving. */
export function EndpointForm({ action, events, endpoint, submitLabel }: Props) {
  const form = useActionForm(action);
  const prefix = endpoint ? `endpoint-${endpoint.id}` : 'new-endpoint';
  const chosen = new Set(form.chosen('eventTypes', endpoint?.eventTypes ?? []));
  const { result } = form;
  return (
    <ActionForm state={form} className="space-y-4" noValidate>
      {endpoint ? <input type="hidden" name="endpointId" value={endpoint.id} /> : null}
      <Field label="URL" htmlFor={`${prefix}-url`} error={form.error('url')} hint="An https address of the receiving system. Internal and private addresses are refused.">
        <Input name="url" type="url" required maxLength={2000} placeholder="https://example.com/webhooks/quartermaster" defaultValue={form.text('url', endpoint?.url)} />
      </Field>
      <Field label="Description (optional)" htmlFor={`${prefix}-description`} error={form.error('description')}>
        <Input name="description" maxLength={500} defaultValue={form.text('description', endpoint?.description)} />
      </Field>
      <FieldSet id={`${prefix}-events`} legend="Events" error={form.error('eventTypes')} className="space-y-2">
        <div className="grid gap-2 sm:grid-cols-2">
          {events.map((event) => (
            <label key={event.type} className="flex items-start gap-2 text-sm text-slate-800">
              <input type="checkbox" name="eventTypes" value={event.type} defaultChecked={chosen.has(event.type)} className="mt-1" />
              <span>
                <code className="font-mono text-xs">{event.type}</code>
                <span className="block text-xs text-slate-600">{event.description}</span>
              </span>
            </label>
          ))}
        </div>
      </FieldSet>
      {endpoint ? (
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" name="enabled" defaultChecked={form.checked('enabled', endpoint.enabled)} />
          Enabled
        </label>
      ) : null}
      <SubmitButton pendingLabel="Saving…">{submitLabel}</SubmitButton>
      <div aria-live="polite" className="space-y-2 empty:hidden">
        <FormMessage result={result} />
        {result?.ok && result.secret ? <SecretNotice secret={result.secret} /> : null}
      </div>
    </ActionForm>
  );
}
