'use client';

import { ActionForm, useActionForm } from '@/components/ui/action-form';
import { Field, Textarea } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import { addActivityCommentAction } from '@/lib/transport/portal/actions/activity-actions';

export function CommentForm({ activityId, personId }: { activityId: string; personId: string }) {
  const form = useActionForm(addActivityCommentAction);
  return (
    <ActionForm state={form} className="space-y-3" noValidate aria-label="Add a comment">
      <input type="hidden" name="activityId" value={activityId} />
      <input type="hidden" name="personId" value={personId} />
      <Field label="Your comment" htmlFor="comment-body" error={form.error('body')}>
        <Textarea name="body" rows={3} maxLength={4000} defaultValue={form.text('body')} />
      </Field>
      <SubmitButton size="sm" pendingLabel="Posting…">
        Post comment
      </SubmitButton>
      <div aria-live="polite">
        <FormMessage result={form.result} />
      </div>
    </ActionForm>
  );
}
