'use client';

import { ActionForm, useActionForm } from '@/components/ui/action-form';
import { Field, Input, Textarea } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import type { MedicalTreatment } from '@/lib/records/medical/schemas';
import { saveTreatmentAction } from '@/lib/transport/portal/actions/medical-actions';
import { dayValue } from './day-value';

/** Records a treatment, or corrects one when `treatment` is given; only what was changed is sent. */
export function TreatmentForm({ personId, treatment, defaultDay }: { personId: string; treatment?: MedicalTreatment; defaultDay: string }) {
  const form = useActionForm(saveTreatmentAction);
  const prefix = treatment ? `treatment-${treatment.id.slice(0, 8)}` : 'treatment-new';
  const stored = {
    diagnosis: treatment?.diagnosis ?? '',
    detailedNotes: treatment?.detailedNotes ?? '',
    startedAt: treatment ? dayValue(treatment.startedAt) : defaultDay,
    treatmentEndedAt: dayValue(treatment?.treatmentEndedAt),
  };
  return (
    <ActionForm state={form} className="grid gap-4 sm:grid-cols-2" noValidate aria-label={treatment ? 'Correct this treatment' : 'Record a treatment'}>
      <input type="hidden" name="personId" value={personId} />
      {treatment ? (
        <>
          <input type="hidden" name="treatmentId" value={treatment.id} />
          {Object.entries(stored).map(([field, value]) => (
            <input key={field} type="hidden" name={`was-${field}`} value={value} />
          ))}
        </>
      ) : null}
      <Field label="Diagnosis" htmlFor={`${prefix}-diagnosis`} error={form.error('diagnosis')} className="sm:col-span-2">
        <Input name="diagnosis" defaultValue={form.text('diagnosis', stored.diagnosis)} maxLength={2000} placeholder="e.g. Sprained left ankle" />
      </Field>
      <Field label="Started on" htmlFor={`${prefix}-startedAt`} error={form.error('startedAt')}>
        <Input name="startedAt" type="date" defaultValue={form.text('startedAt', stored.startedAt)} />
      </Field>
      <Field label="Ended on" htmlFor={`${prefix}-treatmentEndedAt`} error={form.error('treatmentEndedAt')} hint="Leave empty while the treatment goes on.">
        <Input name="treatmentEndedAt" type="date" defaultValue={form.text('treatmentEndedAt', stored.treatmentEndedAt)} />
      </Field>
      <Field label="Notes" htmlFor={`${prefix}-detailedNotes`} error={form.error('detailedNotes')} className="sm:col-span-2" hint="Stored encrypted, like the diagnosis; only the medical staff and the patient read them.">
        <Textarea name="detailedNotes" rows={3} defaultValue={form.text('detailedNotes', stored.detailedNotes)} />
      </Field>
      <div aria-live="polite" className="sm:col-span-2">
        <FormMessage result={form.result} />
      </div>
      <div>
        <SubmitButton pendingLabel="Saving…">{treatment ? 'Save correction' : 'Record treatment'}</SubmitButton>
      </div>
    </ActionForm>
  );
}
