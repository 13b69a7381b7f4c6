'use client';

import { ActionForm, useActionForm } from '@/components/ui/action-form';
import { Select } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import { type Role, roles } from '@/lib/platform/auth/roles';
import { roleLabels } from '@/lib/people/users/role-labels';
import { changeRoleAction, setActiveAction } from '@/lib/transport/portal/actions/user-actions';

type Props = { user: { id: string; name: string; role: Role; isActive: boolean }; isSelf: boolean };

/** Role change and (de)activation of one user; each answers in its own live region. */
export function UserRowActions({ user, isSelf }: Props) {
  const roleForm = useActionForm(changeRoleAction);
  const activeForm = useActionForm(setActiveAction);
  const roleId = `role-${user.id}`;
  const roleError = roleForm.error('role');
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <ActionForm state={roleForm} className="flex items-center gap-2">
          <input type="hidden" name="userId" value={user.id} />
          <label htmlFor={roleId} className="sr-only">
            Role of {user.name}
          </label>
          <Select
            id={roleId}
            name="role"
            defaultValue={roleForm.text('role', user.role)}
            className="w-40 py-1.5"
            aria-invalid={roleError ? true : undefined}
            aria-describedby={roleError ? `${roleId}-error` : undefined}
          >
            {roles.map((role) => (
              <option key={role} value={role}>
                {roleLabels[role]}
              </option>
            ))}
          </Select>
          <SubmitButton variant="secondary" size="sm" pendingLabel="Saving…" aria-label={`Save role of ${user.name}`}>
            Save
          </SubmitButton>
        </ActionForm>
        <ActionForm state={activeForm}>
          <input type="hidden" name="userId" value={user.id} />
          <input type="hidden" name="isActive" value={String(!user.isActive)} />
          <SubmitButton
            variant={user.isActive ? 'ghost' : 'secondary'}
            size="sm"
            pendingLabel={user.isActive ? 'Deactivating…' : 'Reactivating…'}
            aria-label={`${user.isActive ? 'Deactivate' : 'Reactivate'} ${user.name}`}
            className={user.isActive ? 'text-red-700 hover:bg-red-50' : undefined}
            title={isSelf && user.isActive ? 'You would be signed out at once' : undefined}
          >
            {user.isActive ? 'Deactivate' : 'Reactivate'}
          </SubmitButton>
        </ActionForm>
      </div>
      <div aria-live="polite" className="empty:hidden">
        {roleError ? (
          <p id={`${roleId}-error`} className="text-sm font-medium text-red-700">
            {roleError}
          </p>
        ) : (
          <FormMessage result={roleForm.result} />
        )}
        <FormMessage result={activeForm.result} />
      </div>
    </div>
  );
}
