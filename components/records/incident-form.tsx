'use client';

import Link from 'next/link';
import { ActionForm, useActionForm } from '@/components/ui/action-form';
import { Field, Input, Select, Textarea } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import type { PersonName } from '@/lib/people/persons/search-person-names';
import { fileIncidentAction } from '@/lib/transport/portal/actions/incident-actions';
import { chosenPeople, PersonPicker } from './person-picker';
import { incidentSeverityLabels, optionsOf } from './record-labels';

/** Anyone's report of an incident; `about` is the person it concerns when the form is opened from their page. */
export function IncidentForm({ about, defaultDay }: { about: PersonName | null; defaultDay: string }) {
  const form = useActionForm(fileIncidentAction);
  const failed = form.result?.ok === false;
  const chosen = failed ? chosenPeople(form.chosen('personId', []), form.chosen('personIdName', [])) : about ? [about] : [];
  return (
    <ActionForm state={form} className="grid gap-4" noValidate aria-label="Report an incident">
      <PersonPicker id="incident-person" name="personId" label="Who was involved" hint="The person the incident happened to or concerns." error={form.error('personId')} chosen={chosen} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="When it happened" htmlFor="incident-occurredAt" error={form.error('occurredAt')}>
          <Input name="occurredAt" type="date" defaultValue={form.text('occurredAt', defaultDay)} />
        </Field>
        <Field label="How serious" htmlFor="incident-severity" error={form.error('severity')}>
          <Select name="severity" defaultValue={form.text('severity', '')}>
            <option value="">Choose…</option>
            {optionsOf(incidentSeverityLabels).map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <Field label="What happened" htmlFor="incident-description" error={form.error('description')} hint="Who, where, what you saw or were told. The person it concerns can read this report, but never who filed it.">
        <Textarea name="description" rows={6} defaultValue={form.text('description', '')} />
      </Field>
      <div aria-live="polite">
        <FormMessage result={form.result} />
        {form.result?.ok && 'reportId' in form.result ? (
          <p className="mt-2 text-sm">
            <Link href={`/incidents/${form.result.reportId}`} className="font-medium text-brand hover:underline">
              Open your report
            </Link>
          </p>
        ) : null}
      </div>
      <div>
        <SubmitButton pendingLabel="Filing…">File the report</SubmitButton>
      </div>
    </ActionForm>
  );
}
