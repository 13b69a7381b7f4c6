'use client';

import { ActionForm, useActionForm } from '@/components/ui/action-form';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import { redeliverWebhookAction } from '@/lib/transport/portal/actions/webhook-actions';

export function RedeliverButton({ endpointId, deliveryId, eventType }: { endpointId: string; deliveryId: string; eventType: string }) {
  const form = useActionForm(redeliverWebhookAction);
  return (
    <ActionForm state={form} className="flex flex-col items-start gap-1">
      <input type="hidden" name="endpointId" value={endpointId} />
      <input type="hidden" name="deliveryId" value={deliveryId} />
      <SubmitButton variant="secondary" size="sm" pendingLabel="Queuing…" aria-label={`Redeliver ${eventType}`}>
        Redeliver
      </SubmitButton>
      <FormMessage result={form.result} />
    </ActionForm>
  );
}
