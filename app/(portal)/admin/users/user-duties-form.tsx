'use client';

import { ActionForm, useActionForm } from '@/components/ui/action-form';
import { FieldSet } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import type { Duty } from '@/lib/platform/auth/duties';
import { dutiesInOrder, dutyDescriptions, dutyLabels } from '@/lib/people/users/duty-labels';
import { changeDutiesAction } from '@/lib/transport/portal/actions/user-actions';

type Props = { user: { id: string; name: string; duties: readonly Duty[] } };

function DutyCheckboxes({ userId, duties }: { userId: string; duties: readonly string[] }) {
  return (
    <ul className="space-y-1">
      {dutiesInOrder.map((duty) => {
        const id = `duty-${userId}-${duty}`;
        return (
          <li key={duty}>
            {/* The whole line is the label, so the target is large enough for a finger; the name stays the duty alone. */}
            <label htmlFor={id} className="flex cursor-pointer items-start gap-3 rounded-md px-2 py-2 hover:bg-slate-50">
              <input
                id={id}
                type="checkbox"
                name="duties"
                value={duty}
                defaultChecked={duties.includes(duty)}
                aria-labelledby={`${id}-label`}
                aria-describedby={`${id}-hint`}
                className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-300 accent-[var(--color-brand)]"
              />
              <span className="min-w-0">
                <span id={`${id}-label`} className="block text-sm font-medium text-slate-800">
                  {dutyLabels[duty]}
                </span>
                <span id={`${id}-hint`} className="block text-xs text-slate-600">
                  {dutyDescriptions[duty]}
                </span>
              </span>
            </label>
          </li>
        );
      })}
    </ul>
  );
}

/** The duties of one user as checkboxes; saving replaces the whole set, as PATCH /api/v1/users/{id} does. */
export function UserDutiesForm({ user }: Props) {
  const form = useActionForm(changeDutiesAction);
  return (
    <details>
      <summary className="w-fit cursor-pointer py-1 text-sm font-medium text-brand">
        Change duties<span className="sr-only"> of {user.name}</span>
      </summary>
      <ActionForm state={form} className="mt-2 space-y-3 rounded-md border border-slate-200 p-3">
        <input type="hidden" name="userId" value={user.id} />
        <FieldSet id={`duties-${user.id}`} legend={`Duties of ${user.name}`} legendClassName="text-slate-900" error={form.error('duties')}>
          <p className="mt-1 text-xs text-slate-600">Each opens records beside the role. The admin role opens none of them: an admin needs the duty too.</p>
          <div className="mt-2">
            <DutyCheckboxes userId={user.id} duties={form.chosen('duties', user.duties)} />
          </div>
        </FieldSet>
        <SubmitButton variant="secondary" size="sm" pendingLabel="Saving…" aria-label={`Save duties of ${user.name}`}>
          Save duties
        </SubmitButton>
        <div aria-live="polite" className="empty:hidden">
          <FormMessage result={form.result} />
        </div>
      </ActionForm>
    </details>
  );
}
