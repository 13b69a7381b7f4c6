'use client';

import { ActionForm, useActionForm } from '@/components/ui/action-form';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import type { ActionResult } from '@/lib/transport/portal/action-result';

type Action = (previous: ActionResult | null, formData: FormData) => Promise<ActionResult>;

/** Marks every unread notification of the person read; says how many it marked. */
export function MarkAllReadForm({ action, disabled }: { action: Action; disabled: boolean }) {
  const form = useActionForm(action);
  return (
    <div className="flex flex-col items-end gap-2">
      <ActionForm state={form}>
        <SubmitButton variant="secondary" size="sm" pendingLabel="Marking…" disabled={disabled}>
          Mark all as read
        </SubmitButton>
      </ActionForm>
      <div aria-live="polite">
        <FormMessage result={form.result} />
      </div>
    </div>
  );
}
