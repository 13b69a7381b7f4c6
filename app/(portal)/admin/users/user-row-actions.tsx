'use client';

import { useActionState } from 'react';
import { Select } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import { type Role, roles } from '@/lib/platform/auth/roles';
import { roleLabels } from '@/lib/people/users/role-labels';
import { changeRoleAction, setActiveAction } from '@/lib/transport/portal/actions/user-actions';

type Props = { user: { id: string; name: string; role: Role; isActive: boolean }; isSelf: boolean };

/** Role change and (de)activation of one user; each answers in its own live region. */
export function UserRowActions({ user, isSelf }: Props) {
  const [roleResult, changeRole] = useActionState(changeRoleAction, null);
  const [activeResult, setActive] = useActionState(setActiveAction, null);
  const roleId = `role-${user.id}`;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <form action={changeRole} className="flex items-center gap-2">
          <input type="hidden" name="userId" value={user.id} />
          <label htmlFor={roleId} className="sr-only">
            Role of {user.name}
          </label>
          <Select id={roleId} name="role" defaultValue={user.role} className="w-40 py-1.5">
            {roles.map((role) => (
              <option key={role} value={role}>
                {roleLabels[role]}
              </option>
            ))}
          </Select>
          <SubmitButton variant="secondary" size="sm" pendingLabel="Saving…" aria-label={`Save role of ${user.name}`}>
            Save
          </SubmitButton>
        </form>
        <form action={setActive}>
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
        </form>
      </div>
      <div aria-live="polite" className="empty:hidden">
        <FormMessage result={roleResult} />
        <FormMessage result={activeResult} />
      </div>
    </div>
  );
}
