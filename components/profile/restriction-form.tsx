'use client';

import { useState } from 'react';
import { ActionForm, useActionForm } from '@/components/ui/action-form';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import { setProcessingRestrictionAction } from '@/lib/transport/portal/actions/profile-actions';

export function RestrictionForm({ restricted }: { restricted: boolean }) {
  const form = useActionForm(setProcessingRestrictionAction);
  const { result } = form;
  // The result the confirmation was opened at: a new success closes it, a failure keeps it open with its error.
  const [openedAt, setOpenedAt] = useState<typeof result | undefined>(undefined);
  const confirming = openedAt !== undefined && (result === openedAt || result?.ok === false);
  const error = form.error('confirmed');
  return (
    <div className="space-y-4">
      <div className="flex items-center gap-3">
        <button
          type="button"
          role="switch"
          aria-checked={restricted}
          aria-labelledby="restrict-label"
          onClick={() => setOpenedAt(result)}
          className={`relative inline-flex h-6 w-11 shrink-0 rounded-full transition ${restricted ? 'bg-brand' : 'bg-slate-300'}`}
        >
          <span className={`absolute top-0.5 h-5 w-5 rounded-full bg-white shadow transition ${restricted ? 'left-5' : 'left-0.5'}`} />
        </button>
        <span id="restrict-label" className="text-sm font-medium text-slate-900">
          Restrict processing
        </span>
        <span className="text-sm text-slate-600">{restricted ? 'On' : 'Off'}</span>
      </div>
      <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
        <li>We pause the automatic work we do for you, and send you no reminders, overdue notices or other notifications, by e-mail or in the portal.</li>
        <li>What you do is still recorded, for the audit trail the law requires, but it is not analysed or used in reports.</li>
        <li>You can still borrow and return assets; you must keep track of your return dates yourself.</li>
      </ul>
      {confirming ? (
        <ActionForm state={form} className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
          <input type="hidden" name="restricted" value={restricted ? 'false' : 'true'} />
          <p className="text-sm font-medium text-slate-900">{restricted ? 'Lift the restriction? Notifications resume from now on.' : 'Restrict processing? You will get no reminders before a loan ends.'}</p>
          <label className="flex items-start gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              name="confirmed"
              value="yes"
              defaultChecked={form.checked('confirmed', false, 'yes')}
              className="mt-0.5 h-4 w-4 accent-[var(--color-brand)]"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'confirmed-error' : undefined}
            />
            {restricted ? 'Yes, send me notifications again.' : 'I understand that I will not be reminded of my return dates.'}
          </label>
          {error ? (
            <p id="confirmed-error" className="text-xs font-medium text-red-700">
              {error}
            </p>
          ) : null}
          <div className="flex gap-3">
            <SubmitButton pendingLabel="Saving…" variant={restricted ? 'primary' : 'danger'}>
              {restricted ? 'Lift restriction' : 'Restrict processing'}
            </SubmitButton>
            <Button variant="ghost" onClick={() => setOpenedAt(undefined)}>
              Cancel
            </Button>
          </div>
        </ActionForm>
      ) : null}
      <div aria-live="polite">
        <FormMessage result={result} />
      </div>
    </div>
  );
}
