'use client';

import { useActionState, useState } from 'react';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import type { ActionResult } from '@/lib/transport/portal/action-result';
import { ERASABLE_PERSON_FIELDS } from '@/lib/privacy/erasure/erasable-fields';
import { erasableFieldLabels } from '@/lib/privacy/erasure/deletion-requests/field-labels';

type Props = { action: (previous: ActionResult | null, form: FormData) => Promise<ActionResult> };

/** Everything, or chosen profile fields; the checkboxes only matter for a partial request. */
export function ErasureRequestForm({ action }: Props) {
  const [result, formAction] = useActionState(action, null);
  const [scope, setScope] = useState<'full' | 'partial'>('full');
  return (
    <form action={formAction} className="space-y-4">
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">What should be erased?</legend>
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input type="radio" name="scope" value="full" checked={scope === 'full'} onChange={() => setScope('full')} className="mt-0.5" />
          <span>
            <strong>Everything</strong>: my profile, account, messages and notifications. I can no longer sign in.
          </span>
        </label>
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input type="radio" name="scope" value="partial" checked={scope === 'partial'} onChange={() => setScope('partial')} className="mt-0.5" />
          <span>
            <strong>Only some details</strong> of my profile; my account stays open.
          </span>
        </label>
      </fieldset>
      {scope === 'partial' ? (
        <fieldset className="grid gap-2 rounded-md border border-slate-200 p-4 sm:grid-cols-2">
          <legend className="px-1 text-sm font-medium text-slate-800">Details to erase</legend>
          {ERASABLE_PERSON_FIELDS.map((field) => (
            <label key={field} className="flex items-center gap-2 text-sm text-slate-800">
              <input type="checkbox" name="partialFields" value={field} />
              {erasableFieldLabels[field]}
            </label>
          ))}
        </fieldset>
      ) : null}
      <SubmitButton variant="danger" pendingLabel="Filing…">
        Request erasure
      </SubmitButton>
      <FormMessage result={result} />
    </form>
  );
}
