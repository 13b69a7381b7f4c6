'use client';

import { useState } from 'react';
import { ActionForm, type ActionFormState, useActionForm } from '@/components/ui/action-form';
import { FieldSet } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import type { ActionResult } from '@/lib/transport/portal/action-result';
import { ERASABLE_PERSON_FIELDS } from '@/lib/privacy/erasure/erasable-fields';
import { erasableFieldLabels } from '@/lib/privacy/erasure/deletion-requests/field-labels';

type Props = { action: (previous: ActionResult | null, form: FormData) => Promise<ActionResult> };

/** Everything, or chosen profile fields; the checkboxes only matter for a partial request. */
export function ErasureRequestForm({ action }: Props) {
  const form = useActionForm(action);
  return (
    <ActionForm state={form} className="space-y-4" noValidate>
      <ErasureFields form={form} />
      <SubmitButton variant="danger" pendingLabel="Filing…">
        Request erasure
      </SubmitButton>
      <FormMessage result={form.result} />
    </ActionForm>
  );
}

// Remounted with the form after each outcome, so the scope starts from what was sent, not from "Everything".
function ErasureFields({ form }: { form: ActionFormState }) {
  const [scope, setScope] = useState(() => form.text('scope', 'full'));
  const chosen = form.chosen('partialFields', []);
  return (
    <>
      <FieldSet id="erasure-scope" legend="What should be erased?" error={form.error('scope')} className="space-y-2">
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
      </FieldSet>
      {scope === 'partial' ? (
        <FieldSet id="erasure-details" legend="Details to erase" legendClassName="px-1" error={form.error('partialFields')} className="grid gap-2 rounded-md border border-slate-200 p-4 sm:grid-cols-2">
          {ERASABLE_PERSON_FIELDS.map((field) => (
            <label key={field} className="flex items-center gap-2 text-sm text-slate-800">
              <input type="checkbox" name="partialFields" value={field} defaultChecked={chosen.includes(field)} />
              {erasableFieldLabels[field]}
            </label>
          ))}
        </FieldSet>
      ) : null}
    </>
  );
}
