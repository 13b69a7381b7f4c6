'use client';

import { ActionForm, useActionForm } from '@/components/ui/action-form';
import { Field, FieldSet, Input, Select } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import type { LoanPolicy } from '@/lib/lending/loans/policy';
import type { Approver } from '@/lib/people/users/list-approvers';
import { roleLabels } from '@/lib/people/users/role-labels';
import { updateLoanPolicyAction } from '@/lib/transport/portal/actions/settings-actions';

const extensionOptions = [
  { value: 'NOT_ALLOWED', label: 'Not allowed', hint: 'Borrowers return on the agreed date.' },
  { value: 'REQUIRES_APPROVAL', label: 'Require approval', hint: 'An approver decides on each extension.' },
  { value: 'AUTOMATIC', label: 'Automatic', hint: 'Granted at once when the asset is free.' },
] as const;

type Props = { policy: LoanPolicy; approvers: Approver[] };

export function LoanPolicyForm({ policy, approvers }: Props) {
  const form = useActionForm(updateLoanPolicyAction);
  const extensions = form.text('extensions', policy.extensions);
  return (
    <ActionForm state={form} className="space-y-5" noValidate>
      <div className="flex items-start gap-3">
        <input
          id="requireApproval"
          name="requireApproval"
          type="checkbox"
          defaultChecked={form.checked('requireApproval', policy.requireApproval)}
          className="mt-0.5 h-4 w-4 rounded border-slate-300 accent-[var(--color-brand)]"
          aria-describedby="requireApproval-hint"
        />
        <div>
          <label htmlFor="requireApproval" className="text-sm font-medium text-slate-800">
            Loan requests need approval
          </label>
          <p id="requireApproval-hint" className="text-xs text-slate-600">
            When off, a request is approved as soon as it is filed (if the asset is free).
          </p>
        </div>
      </div>

      <Field label="Default approver" htmlFor="defaultApproverUserId" error={form.error('defaultApproverUserId')} hint="Decides requests that no approver rule covers.">
        <Select name="defaultApproverUserId" defaultValue={form.text('defaultApproverUserId', policy.defaultApproverUserId)}>
          <option value="">Any asset manager</option>
          {approvers.map((approver) => (
            <option key={approver.id} value={approver.id}>
              {approver.name} ({roleLabels[approver.role]})
            </option>
          ))}
        </Select>
      </Field>

      <FieldSet id="extensions" legend="Extensions" error={form.error('extensions')}>
        <div className="mt-2 grid gap-2 sm:grid-cols-3">
          {extensionOptions.map((option) => (
            <label key={option.value} className="flex cursor-pointer gap-2 rounded-md border border-slate-200 p-3 text-sm has-[:checked]:border-brand has-[:checked]:bg-brand/5">
              <input type="radio" name="extensions" value={option.value} defaultChecked={extensions === option.value} className="mt-0.5 accent-[var(--color-brand)]" />
              <span>
                <span className="block font-medium text-slate-900">{option.label}</span>
                <span className="block text-xs text-slate-600">{option.hint}</span>
              </span>
            </label>
          ))}
        </div>
      </FieldSet>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Longest loan (days)" htmlFor="maxLoanDays" error={form.error('maxLoanDays')}>
          <Input name="maxLoanDays" type="number" inputMode="numeric" min={1} max={3650} defaultValue={form.text('maxLoanDays', String(policy.maxLoanDays))} />
        </Field>
        <Field label="Book at most this many days ahead" htmlFor="maxAdvanceBookingDays" error={form.error('maxAdvanceBookingDays')}>
          <Input name="maxAdvanceBookingDays" type="number" inputMode="numeric" min={0} max={3650} defaultValue={form.text('maxAdvanceBookingDays', String(policy.maxAdvanceBookingDays))} />
        </Field>
      </div>

      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton pendingLabel="Saving…">Save loan policy</SubmitButton>
      </div>
      <div aria-live="polite">
        <FormMessage result={form.result} />
      </div>
    </ActionForm>
  );
}
