'use client';

import { ActionForm, useActionForm } from '@/components/ui/action-form';
import { Field, Input, Select, Textarea } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import type { AntidopingRecord } from '@/lib/records/antidoping/schemas';
import { saveAntidopingAction } from '@/lib/transport/portal/actions/medical-actions';
import { dayValue } from './day-value';
import { antidopingKindLabels, antidopingResultLabels, optionsOf } from './record-labels';

/** Records a doping control, or corrects one (the laboratory's result arrives later) when `record` is given. */
export function AntidopingForm({ personId, record, defaultDay }: { personId: string; record?: AntidopingRecord; defaultDay: string }) {
  const form = useActionForm(saveAntidopingAction);
  const prefix = record ? `antidoping-${record.id.slice(0, 8)}` : 'antidoping-new';
  return (
    <ActionForm state={form} className="grid gap-4 sm:grid-cols-2" noValidate aria-label={record ? 'Correct this doping control' : 'Record a doping control'}>
      <input type="hidden" name="personId" value={personId} />
      {record ? <input type="hidden" name="recordId" value={record.id} /> : null}
      <Field label="Sample taken on" htmlFor={`${prefix}-testedAt`} error={form.error('testedAt')}>
        <Input name="testedAt" type="date" defaultValue={form.text('testedAt', record ? dayValue(record.testedAt) : defaultDay)} />
      </Field>
      <Field label="Control" htmlFor={`${prefix}-kind`} error={form.error('kind')}>
        <Select name="kind" defaultValue={form.text('kind', record?.kind ?? 'out_of_competition')}>
          {optionsOf(antidopingKindLabels).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Testing authority" htmlFor={`${prefix}-authority`} error={form.error('authority')}>
        <Input name="authority" defaultValue={form.text('authority', record?.authority)} maxLength={200} placeholder="e.g. NADA Germany" />
      </Field>
      <Field label="Result" htmlFor={`${prefix}-result`} error={form.error('result')}>
        <Select name="result" defaultValue={form.text('result', record?.result ?? 'pending')}>
          {optionsOf(antidopingResultLabels).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Notes" htmlFor={`${prefix}-notes`} error={form.error('notes')} className="sm:col-span-2">
        <Textarea name="notes" rows={2} defaultValue={form.text('notes', record?.notes)} />
      </Field>
      <div aria-live="polite" className="sm:col-span-2">
        <FormMessage result={form.result} />
      </div>
      <div>
        <SubmitButton pendingLabel="Saving…">{record ? 'Save correction' : 'Record control'}</SubmitButton>
      </div>
    </ActionForm>
  );
}
