'use client';

import { ActionForm, useActionForm } from '@/components/ui/action-form';
import { Field, Input, Select, Textarea } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import { recordActivityAction } from '@/lib/transport/portal/actions/activity-actions';
import { activityTypeLabels, activityTypesInOrder, attendanceLabels, attendanceValues } from './activity-labels';
import { ActivityWhenFields, type WhenDefaults } from './activity-when-fields';

/** Any kind of activity for one person, with attendance where it applies and free notes. */
export function RecordActivityForm({ personId, defaults }: { personId: string; defaults: WhenDefaults }) {
  const form = useActionForm(recordActivityAction);
  return (
    <ActionForm state={form} className="space-y-4" noValidate aria-label="Record an activity">
      <input type="hidden" name="personId" value={personId} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Kind" htmlFor="activity-type" error={form.error('type')}>
          <Select name="type" defaultValue={form.text('type', 'training')}>
            {activityTypesInOrder.map((type) => (
              <option key={type} value={type}>
                {activityTypeLabels[type]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Title" htmlFor="activity-title" error={form.error('title')} hint="For example: U19 training, set pieces.">
          <Input name="title" maxLength={200} defaultValue={form.text('title')} />
        </Field>
      </div>
      <ActivityWhenFields form={form} defaults={defaults} idPrefix="activity" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Attendance" htmlFor="activity-attendance" error={form.error('attendance')} hint="For trainings and matches.">
          <Select name="attendance" defaultValue={form.text('attendance')}>
            <option value="">Not recorded</option>
            {attendanceValues.map((value) => (
              <option key={value} value={value}>
                {attendanceLabels[value]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Notes" htmlFor="activity-notes" error={form.error('notes')}>
          <Textarea name="notes" rows={2} maxLength={4000} defaultValue={form.text('notes')} />
        </Field>
      </div>
      <SubmitButton pendingLabel="Recording…">Record activity</SubmitButton>
      <div aria-live="polite">
        <FormMessage result={form.result} />
      </div>
    </ActionForm>
  );
}
