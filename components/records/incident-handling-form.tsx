'use client';

import { ActionForm, useActionForm } from '@/components/ui/action-form';
import { Field, Select, Textarea } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import type { IncidentReport } from '@/lib/records/incidents/schemas';
import { handleIncidentAction } from '@/lib/transport/portal/actions/incident-actions';
import { incidentSeverityLabels, incidentStatusLabels, optionsOf } from './record-labels';

/** The safeguarding officer's handling of one report: where it stands, how serious it is, and its wording. */
export function IncidentHandlingForm({ report }: { report: IncidentReport }) {
  const form = useActionForm(handleIncidentAction);
  return (
    <ActionForm state={form} className="grid gap-4" noValidate aria-label="Handle this report">
      <input type="hidden" name="reportId" value={report.id} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Status" htmlFor="handle-status" error={form.error('status')}>
          <Select name="status" defaultValue={form.text('status', report.status)}>
            {optionsOf(incidentStatusLabels).map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="How serious" htmlFor="handle-severity" error={form.error('severity')}>
          <Select name="severity" defaultValue={form.text('severity', report.severity)}>
            {optionsOf(incidentSeverityLabels).map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <Field label="What happened" htmlFor="handle-description" error={form.error('description')} hint="Correct the wording if needed; the audit log records that it changed, never the text.">
        <Textarea name="description" rows={6} defaultValue={form.text('description', report.description)} />
      </Field>
      <div aria-live="polite">
        <FormMessage result={form.result} />
      </div>
      <div>
        <SubmitButton pendingLabel="Saving…">Save</SubmitButton>
      </div>
    </ActionForm>
  );
}
