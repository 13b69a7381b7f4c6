'use client';

import { ActionForm, useActionForm } from '@/components/ui/action-form';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import type { ActionResult } from '@/lib/transport/portal/action-result';

type Props = {
  action: (previous: ActionResult | null, form: FormData) => Promise<ActionResult>;
  label: string;
  pendingLabel: string;
  id?: string;
  variant?: 'primary' | 'secondary';
  disabled?: boolean;
  /** Names the row the button acts on, for screen readers. */
  ariaLabel?: string;
};

/** One button that runs a registry server action and says what happened. */
export function RegistryActionForm({ action, label, pendingLabel, id, variant = 'secondary', disabled, ariaLabel }: Props) {
  const form = useActionForm(action);
  return (
    <ActionForm state={form} className="flex flex-col items-start gap-2">
      {id ? <input type="hidden" name="id" value={id} /> : null}
      <SubmitButton variant={variant} pendingLabel={pendingLabel} disabled={disabled} aria-label={ariaLabel}>
        {label}
      </SubmitButton>
      <div aria-live="polite" className="empty:hidden">
        <FormMessage result={form.result} />
      </div>
    </ActionForm>
  );
}
