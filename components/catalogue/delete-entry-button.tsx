'use client';

import { ActionForm, useActionForm } from '@/components/ui/action-form';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import type { FormOutcome } from '@/lib/transport/portal/portal-action';

type Outcome = FormOutcome<{ message?: string }>;

type Props = {
  action: (previous: Outcome | null, form: FormData) => Promise<Outcome>;
  /** The hidden field naming the entry: categoryId or locationId. */
  idName: string;
  id: string;
  /** "Delete the category Laptops?" */
  question: string;
  label: string;
};

/** Deletes a category or location after a confirmation; a refusal (assets still use it) is said beside the button. */
export function DeleteEntryButton({ action, idName, id, question, label }: Props) {
  const form = useActionForm(action);
  return (
    <div className="space-y-2">
      <ActionForm
        state={form}
        onSubmit={(event) => {
          if (!window.confirm(question)) event.preventDefault();
        }}
      >
        <input type="hidden" name={idName} value={id} />
        <SubmitButton variant="danger" pendingLabel="Deleting…">
          {label}
        </SubmitButton>
      </ActionForm>
      <div aria-live="polite">
        <FormMessage result={form.result} />
      </div>
    </div>
  );
}
