'use client';

import { useState } from 'react';
import { ActionForm, useActionForm } from '@/components/ui/action-form';
import { Field, Input, Select, Textarea } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import type { ActionResult } from '@/lib/transport/portal/action-result';
import type { MaintenanceEntry } from '@/lib/lending/maintenance/schemas';

type Action = (previous: ActionResult | null, formData: FormData) => Promise<ActionResult>;

const empty = { kind: 'SERVICE', status: 'PLANNED', title: '', description: '', scheduledFor: '', performedOn: '', cost: '', currency: 'EUR', vendor: '' };

function valuesOf(entry: MaintenanceEntry | undefined, currency: string) {
  if (!entry) return { ...empty, currency };
  return {
    kind: entry.kind,
    status: entry.status,
    title: entry.title,
    description: entry.description ?? '',
    scheduledFor: entry.scheduledFor ?? '',
    performedOn: entry.performedOn ?? '',
    cost: entry.cost ?? '',
    currency: entry.currency,
    vendor: entry.vendor ?? '',
  };
}

/** Adds an entry, or edits one when `entry` is given. Controlled, so a refused submission keeps what was typed. */
export function MaintenanceForm({ action, assetId, entry, currency }: { action: Action; assetId: string; entry?: MaintenanceEntry; currency: string }) {
  const [values, setValues] = useState(() => valuesOf(entry, currency));
  const form = useActionForm(async (previous: ActionResult | null, formData: FormData) => {
    const outcome = await action(previous, formData);
    if (outcome.ok && !entry) setValues(valuesOf(undefined, currency));
    return outcome;
  });
  const { error, result } = form;
  const prefix = entry ? `mnt-${entry.id.slice(0, 8)}` : 'mnt-new';
  const bind = (field: keyof typeof values) => ({
    id: `${prefix}-${field}`,
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value })),
  });
  return (
    <ActionForm state={form} className="grid gap-4" noValidate aria-label={entry ? `Edit ${entry.title}` : 'Add a maintenance entry'}>
      <input type="hidden" name="assetId" value={assetId} />
      {entry ? <input type="hidden" name="entryId" value={entry.id} /> : null}
      <Field label="Title" htmlFor={`${prefix}-title`} error={error('title')}>
        <Input {...bind('title')} maxLength={200} placeholder="e.g. Battery replacement" />
      </Field>
      <Field label="Kind" htmlFor={`${prefix}-kind`} error={error('kind')}>
        <Select {...bind('kind')}>
          <option value="SERVICE">Service</option>
          <option value="REPAIR">Repair</option>
          <option value="INSPECTION">Inspection</option>
        </Select>
      </Field>
      <Field label="Status" htmlFor={`${prefix}-status`} error={error('status')}>
        <Select {...bind('status')}>
          <option value="PLANNED">Planned</option>
          <option value="DONE">Done</option>
        </Select>
      </Field>
      <Field label="Planned for" htmlFor={`${prefix}-scheduledFor`} error={error('scheduledFor')}>
        <Input {...bind('scheduledFor')} type="date" />
      </Field>
      <Field label="Done on" htmlFor={`${prefix}-performedOn`} error={error('performedOn')}>
        <Input {...bind('performedOn')} type="date" />
      </Field>
      <div className="grid grid-cols-[minmax(0,1fr)_6rem] gap-3">
        <Field label="Cost" htmlFor={`${prefix}-cost`} error={error('cost')}>
          <Input {...bind('cost')} inputMode="decimal" placeholder="0.00" />
        </Field>
        <Field label="Currency" htmlFor={`${prefix}-currency`} error={error('currency')}>
          <Input {...bind('currency')} maxLength={3} className="uppercase" />
        </Field>
      </div>
      <Field label="Vendor" htmlFor={`${prefix}-vendor`} error={error('vendor')}>
        <Input {...bind('vendor')} maxLength={200} />
      </Field>
      <Field label="Notes" htmlFor={`${prefix}-description`} error={error('description')}>
        <Textarea {...bind('description')} rows={3} maxLength={4000} />
      </Field>
      <div aria-live="polite">
        <FormMessage result={result} />
      </div>
      <div>
        <SubmitButton pendingLabel="Saving…">{entry ? 'Save entry' : 'Add entry'}</SubmitButton>
      </div>
    </ActionForm>
  );
}
