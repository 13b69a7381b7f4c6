'use client';

import { ActionForm, useActionForm } from '@/components/ui/action-form';
import { Field, Input, Textarea } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import { correctActivityAction } from '@/lib/transport/portal/actions/activity-actions';
import { ActivityWhenFields, type WhenDefaults } from './activity-when-fields';

type Props = { activityId: string; personId: string; title: string; notes: string; when: WhenDefaults };

/** A coach or an admin corrects an activity; the audit log keeps what it was before. */
export function CorrectActivityForm({ activityId, personId, title, notes, when }: Props) {
  const form = useActionForm(correctActivityAction);
  return (
    <ActionForm state={form} className="space-y-4" noValidate aria-label="Correct this activity">
      <input type="hidden" name="activityId" value={activityId} />
      <input type="hidden" name="personId" value={personId} />
      <Field label="Title" htmlFor="correct-title" error={form.error('title')}>
        <Input name="title" maxLength={200} defaultValue={form.text('title', title)} />
      </Field>
      <ActivityWhenFields form={form} defaults={when} idPrefix="correct" />
      <Field label="Notes" htmlFor="correct-notes" error={form.error('notes')}>
        <Textarea name="notes" rows={2} maxLength={4000} defaultValue={form.text('notes', notes)} />
      </Field>
      <SubmitButton pendingLabel="Saving…" variant="secondary">
        Save correction
      </SubmitButton>
      <div aria-live="polite">
        <FormMessage result={form.result} />
      </div>
    </ActionForm>
  );
}
