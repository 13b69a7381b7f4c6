'use client';

import { ActionForm, useActionForm } from '@/components/ui/action-form';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import type { FormOutcome } from '@/lib/transport/portal/portal-action';
import { deleteWebhookEndpointAndReturnAction, rotateWebhookSecretAction, sendTestWebhookAction, setWebhookEndpointEnabledAction } from '@/lib/transport/portal/actions/webhook-actions';
import { SecretNotice } from './secret-notice';

type Props = { endpoint: { id: string; url: string; enabled: boolean } };

/** Enable or disable, send a test event, rotate the secret, delete: each answers in its own live region. */
export function EndpointActions({ endpoint }: Props) {
  const setEnabled = useActionForm(setWebhookEndpointEnabledAction);
  const sendTest = useActionForm(sendTestWebhookAction);
  const rotate = useActionForm(rotateWebhookSecretAction);
  const remove = useActionForm(deleteWebhookEndpointAndReturnAction);
  const rotated = rotate.result as FormOutcome<{ secret?: string }> | null;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2">
        <ActionForm state={setEnabled}>
          <input type="hidden" name="endpointId" value={endpoint.id} />
          <input type="hidden" name="enabled" value={String(!endpoint.enabled)} />
          <SubmitButton variant="secondary" size="sm" pendingLabel="Saving…">
            {endpoint.enabled ? 'Disable' : 'Enable'}
          </SubmitButton>
        </ActionForm>
        <ActionForm state={sendTest}>
          <input type="hidden" name="endpointId" value={endpoint.id} />
          <SubmitButton variant="secondary" size="sm" pendingLabel="Queuing…" disabled={!endpoint.enabled}>
            Send test event
          </SubmitButton>
        </ActionForm>
        <ActionForm state={rotate}>
          <input type="hidden" name="endpointId" value={endpoint.id} />
          <SubmitButton variant="secondary" size="sm" pendingLabel="Rotating…">
            Rotate secret
          </SubmitButton>
        </ActionForm>
        <ActionForm
          state={remove}
          onSubmit={(event) => {
            if (!window.confirm(`Delete the endpoint ${endpoint.url} and its delivery log?`)) event.preventDefault();
          }}
        >
          <input type="hidden" name="endpointId" value={endpoint.id} />
          <SubmitButton variant="ghost-danger" size="sm" pendingLabel="Deleting…">
            Delete
          </SubmitButton>
        </ActionForm>
      </div>
      <div aria-live="polite" className="space-y-2 empty:hidden">
        <FormMessage result={setEnabled.result} />
        <FormMessage result={sendTest.result} />
        <FormMessage result={rotate.result} />
        {rotated?.ok && rotated.secret ? <SecretNotice secret={rotated.secret} /> : null}
        <FormMessage result={remove.result} />
      </div>
    </div>
  );
}
