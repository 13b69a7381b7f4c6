'use client';

import { ActionForm, useActionForm } from '@/components/ui/action-form';
import { Field, Input, Select } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import { roles } from '@/lib/platform/auth/roles';
import { roleLabels } from '@/lib/people/users/role-labels';
import { inviteAction } from '@/lib/transport/portal/actions/user-actions';

export function InviteForm({ focus }: { focus: boolean }) {
  const form = useActionForm(inviteAction);
  return (
    <ActionForm state={form} className="space-y-3" noValidate>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem_auto] sm:items-end">
        <Field label="E-mail address" htmlFor="invite-email" error={form.error('email')}>
          <Input
            name="email"
            type="email"
            autoComplete="off"
            required
            maxLength={320}
            placeholder="new.colleague@example.com"
            defaultValue={form.text('email')}
            autoFocus={focus && form.round === 0}
          />
        </Field>
        <Field label="Role" htmlFor="invite-role" error={form.error('role')}>
          <Select name="role" defaultValue={form.text('role', 'EMPLOYEE')}>
            {roles.map((role) => (
              <option key={role} value={role}>
                {roleLabels[role]}
              </option>
            ))}
          </Select>
        </Field>
        <SubmitButton pendingLabel="Sending…">Send invitation</SubmitButton>
      </div>
      <div aria-live="polite">
        <FormMessage result={form.result} />
      </div>
    </ActionForm>
  );
}
