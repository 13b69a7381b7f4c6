'use client';

import { ActionForm, useActionForm } from '@/components/ui/action-form';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import { revokeInvitationAction } from '@/lib/transport/portal/actions/user-actions';

export function RevokeInvitationButton({ invitationId, email }: { invitationId: string; email: string }) {
  const form = useActionForm(revokeInvitationAction);
  return (
    <ActionForm state={form} className="flex flex-col items-end gap-1">
      <input type="hidden" name="invitationId" value={invitationId} />
      <SubmitButton variant="ghost-danger" size="sm" pendingLabel="Revoking…" aria-label={`Revoke the invitation of ${email}`}>
        Revoke
      </SubmitButton>
      <div aria-live="polite">{form.result?.ok === false ? <FormMessage result={form.result} /> : null}</div>
    </ActionForm>
  );
}
