'use client';

import { useActionState } from 'react';
import { Field, Input } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import type { FormOutcome } from '@/lib/transport/portal/portal-action';
import { SecretNotice } from './secret-notice';

export type EventChoice = { type: string; description: string };
type Values = { url: string; description: string | null; eventTypes: string[]; enabled?: boolean };
type Outcome = FormOutcome<{ message?: string; secret?: string }, Partial<Values>>;

type Props = {
  action: (previous: Outcome | null, form: FormData) => Promise<Outcome>;
  events: EventChoice[];
  /** Editing an existing endpoint (with its enabled switch); otherwise a new one. */
  endpoint?: Values & { id: string; enabled: boolean };
  submitLabel: string;
};

/** The URL, description and events of an endpoint; a new endpoint's secret is shown once, after saving. */
export function EndpointForm({ action, events, endpoint, submitLabel }: Props) {
  const [result, formAction] = useActionState(action, null);
  const values: Partial<Values> = (result?.ok === false ? result.values : undefined) ?? endpoint ?? {};
  const errors = result?.ok === false ? result.fieldErrors : undefined;
  const prefix = endpoint ? `endpoint-${endpoint.id}` : 'new-endpoint';
  const chosen = new Set(values.eventTypes ?? []);
  return (
    <form action={formAction} className="space-y-4" noValidate>
      {endpoint ? <input type="hidden" name="endpointId" value={endpoint.id} /> : null}
      <Field label="URL" htmlFor={`${prefix}-url`} error={errors?.url?.[0]} hint="An https address of the receiving system. Internal and private addresses are refused.">
        <Input id={`${prefix}-url`} name="url" type="url" required maxLength={2000} placeholder="https://example.com/webhooks/quartermaster" defaultValue={values.url ?? ''} aria-invalid={errors?.url ? true : undefined} />
      </Field>
      <Field label="Description (optional)" htmlFor={`${prefix}-description`} error={errors?.description?.[0]}>
        <Input id={`${prefix}-description`} name="description" maxLength={500} defaultValue={values.description ?? ''} />
      </Field>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">Events</legend>
        {errors?.eventTypes?.[0] ? <p className="text-xs font-medium text-red-700">{errors.eventTypes[0]}</p> : null}
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
      </fieldset>
      {endpoint ? (
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" name="enabled" defaultChecked={values.enabled ?? endpoint.enabled} />
          Enabled
        </label>
      ) : null}
      <SubmitButton pendingLabel="Saving…">{submitLabel}</SubmitButton>
      <div aria-live="polite" className="space-y-2 empty:hidden">
        <FormMessage result={result} />
        {result?.ok && result.secret ? <SecretNotice secret={result.secret} /> : null}
      </div>
    </form>
  );
}
