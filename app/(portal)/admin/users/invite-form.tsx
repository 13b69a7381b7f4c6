'use client';

import { useActionState } from 'react';
import { Field, Input, Select } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import { roles } from '@/lib/platform/auth/roles';
import { roleLabels } from '@/lib/people/users/role-labels';
import { inviteAction } from '@/lib/transport/portal/actions/user-actions';

export function InviteForm({ focus }: { focus: boolean }) {
  const [result, action] = useActionState(inviteAction, null);
  const values = result?.ok === false ? result.values : undefined;
  const emailError = result?.ok === false ? result.fieldErrors?.email?.[0] : undefined;
  return (
    <form action={action} className="space-y-3" noValidate>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem_auto] sm:items-end">
        <Field label="E-mail address" htmlFor="invite-email" error={emailError}>
          <Input
            id="invite-email"
            name="email"
            type="email"
            autoComplete="off"
            required
            maxLength={320}
            placeholder="new.colleague@example.com"
            defaultValue={values?.email}
            key={`email-${values?.email ?? ''}`}
            autoFocus={focus}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? 'invite-email-error' : undefined}
          />
        </Field>
        <Field label="Role" htmlFor="invite-role">
          <Select id="invite-role" name="role" defaultValue={values?.role ?? 'EMPLOYEE'} key={`role-${values?.role ?? ''}`}>
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
        <FormMessage result={result} />
      </div>
    </form>
  );
}
