'use client';

import { ActionForm, useActionForm } from '@/components/ui/action-form';
import { Field, Input } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import type { ActionResult } from '@/lib/transport/portal/action-result';

type Props = { action: (previous: ActionResult | null, form: FormData) => Promise<ActionResult> };

export function RestoreBackupForm({ action }: Props) {
  const form = useActionForm(action);
  return (
    <ActionForm state={form} className="flex flex-col items-start gap-3">
      <Field label="Backup file" htmlFor="restore-file" hint="The .json.gz file downloaded from the backup page of this installation, up to 6 MB here; larger files restore through the API." error={form.error('file')}>
        <Input id="restore-file" name="file" type="file" accept=".gz,application/gzip" required />
      </Field>
      <SubmitButton pendingLabel="Restoring…">Restore backup</SubmitButton>
      <FormMessage result={form.result} className="w-full" />
    </ActionForm>
  );
}
