'use client';

import { ActionForm, useActionForm } from '@/components/ui/action-form';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import type { ActionResult } from '@/lib/transport/portal/action-result';

type Props = { action: (previous: ActionResult | null, form: FormData) => Promise<ActionResult> };

/** Two buttons, one per format; the pressed one's value is the format. */
export function RequestExportForm({ action }: Props) {
  const form = useActionForm(action);
  return (
    <ActionForm state={form} className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row">
        <SubmitButton name="format" value="pdf" pendingLabel="Requesting…">
          Request a PDF report
        </SubmitButton>
        <SubmitButton name="format" value="json" variant="secondary" pendingLabel="Requesting…">
          Request a JSON file
        </SubmitButton>
      </div>
      <FormMessage result={form.result} />
    </ActionForm>
  );
}
