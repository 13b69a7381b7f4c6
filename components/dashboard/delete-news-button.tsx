'use client';

import { ActionForm, useActionForm } from '@/components/ui/action-form';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import type { ActionResult } from '@/lib/transport/portal/action-result';

type Action = (previous: ActionResult | null, formData: FormData) => Promise<ActionResult>;

export function DeleteNewsButton({ id, title, action }: { id: string; title: string; action: Action }) {
  const form = useActionForm(action);
  const { result } = form;
  return (
    <ActionForm state={form} className="flex flex-col items-end gap-2">
      <input type="hidden" name="id" value={id} />
      <SubmitButton variant="ghost-danger" size="sm" pendingLabel="Deleting…" aria-label={`Delete “${title}”`}>
        Delete
      </SubmitButton>
      {result && !result.ok ? <FormMessage result={result} /> : null}
    </ActionForm>
  );
}
