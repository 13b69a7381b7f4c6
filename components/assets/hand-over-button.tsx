'use client';

import { useRouter } from 'next/navigation';
import { ActionForm, useActionForm } from '@/components/ui/action-form';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import type { ActionOutcome } from '@/lib/transport/portal/portal-action';

type Action = (previous: unknown, formData: FormData) => Promise<ActionOutcome<{ href: string }>>;

/** One button that picks up or returns a loan; a refusal is announced where the button is. */
export function HandOverButton({ action, loanId, assetId, qrCodeToken, label, pendingLabel }: { action: Action; loanId: string; assetId: string; qrCodeToken?: string; label: string; pendingLabel: string }) {
  const router = useRouter();
  const form = useActionForm<Awaited<ReturnType<Action>>>(async (previous, formData) => {
    const outcome = await action(previous, formData);
    // On success the action names the page that reports the outcome.
    if (outcome.ok) router.replace(outcome.href);
    return outcome;
  });
  return (
    <ActionForm state={form} className="space-y-3">
      <input type="hidden" name="loanId" value={loanId} />
      <input type="hidden" name="assetId" value={assetId} />
      {qrCodeToken ? <input type="hidden" name="qrCodeToken" value={qrCodeToken} /> : null}
      <SubmitButton pendingLabel={pendingLabel} className="w-full sm:w-auto">
        {label}
      </SubmitButton>
      <div aria-live="polite">
        <FormMessage result={form.result} />
      </div>
    </ActionForm>
  );
}
