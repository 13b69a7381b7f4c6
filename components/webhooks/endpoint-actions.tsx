'use client';

import { useActionState } from 'react';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import type { FormOutcome } from '@/lib/transport/portal/portal-action';
import { deleteWebhookEndpointAndReturnAction, rotateWebhookSecretAction, sendTestWebhookAction, setWebhookEndpointEnabledAction } from '@/lib/transport/portal/actions/webhook-actions';
import { SecretNotice } from './secret-notice';

type Props = { endpoint: { id: string; url: string; enabled: boolean } };

/** Enable or disable, send a test event, rotate the secret, delete: each answers in its own live region. */
export function EndpointActions({ endpoint }: Props) {
  const [enabledResult, setEnabled] = useActionState(setWebhookEndpointEnabledAction, null);
  const [testResult, sendTest] = useActionState(sendTestWebhookAction, null);
  const [rotateResult, rotate] = useActionState(rotateWebhookSecretAction, null);
  const [deleteResult, remove] = useActionState(deleteWebhookEndpointAndReturnAction, null);
  const rotated = rotateResult as FormOutcome<{ secret?: string }> | null;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2">
        <form action={setEnabled}>
          <input type="hidden" name="endpointId" value={endpoint.id} />
          <input type="hidden" name="enabled" value={String(!endpoint.enabled)} />
          <SubmitButton variant="secondary" size="sm" pendingLabel="Saving…">
            {endpoint.enabled ? 'Disable' : 'Enable'}
          </SubmitButton>
        </form>
        <form action={sendTest}>
          <input type="hidden" name="endpointId" value={endpoint.id} />
          <SubmitButton variant="secondary" size="sm" pendingLabel="Queuing…" disabled={!endpoint.enabled}>
            Send test event
          </SubmitButton>
        </form>
        <form action={rotate}>
          <input type="hidden" name="endpointId" value={endpoint.id} />
          <SubmitButton variant="secondary" size="sm" pendingLabel="Rotating…">
            Rotate secret
          </SubmitButton>
        </form>
        <form
          action={remove}
          onSubmit={(event) => {
            if (!window.confirm(`Delete the endpoint ${endpoint.url} and its delivery log?`)) event.preventDefault();
          }}
        >
          <input type="hidden" name="endpointId" value={endpoint.id} />
          <SubmitButton variant="ghost-danger" size="sm" pendingLabel="Deleting…">
            Delete
          </SubmitButton>
        </form>
      </div>
      <div aria-live="polite" className="space-y-2 empty:hidden">
        <FormMessage result={enabledResult} />
        <FormMessage result={testResult} />
        <FormMessage result={rotateResult} />
        {rotated?.ok && rotated.secret ? <SecretNotice secret={rotated.secret} /> : null}
        <FormMessage result={deleteResult} />
      </div>
    </div>
  );
}
