'use client';

import { ActionForm, useActionForm } from '@/components/ui/action-form';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import type { ActionResult } from '@/lib/transport/portal/action-result';

type Props = { action: (previous: ActionResult | null, form: FormData) => Promise<ActionResult>; inProgress: boolean };

export function CreateBackupForm({ action, inProgress }: Props) {
  const form = useActionForm(action);
  return (
    <ActionForm state={form} className="flex flex-col items-start gap-3">
      <SubmitButton pendingLabel="Requesting…" disabled={inProgress}>
        Create backup
      </SubmitButton>
      <div aria-live="polite" className="w-full empty:hidden">
        {inProgress ? (
          <p role="status" className="text-sm text-slate-600">
            A backup is being made. This page updates by itself.
          </p>
        ) : null}
      </div>
      <FormMessage result={form.result} className="w-full" />
    </ActionForm>
  );
}
