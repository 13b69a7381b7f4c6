'use client';

import { useActionState } from 'react';
import { Field, Input, Select } from '@/components/ui/field';
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
  const [result, action] = useActionState(updateLoanPolicyAction, null);
  const values = result?.ok === false ? result.values : undefined;
  const errors = result?.ok === false ? (result.fieldErrors ?? {}) : {};
  const errorOf = (field: string) => errors[field]?.[0];
  const described = (field: string, hint = false) => (errorOf(field) ? `${field}-error` : hint ? `${field}-hint` : undefined);
  const extensions = values?.extensions ?? policy.extensions;
  const defaultApprover = values ? values.defaultApproverUserId : (policy.defaultApproverUserId ?? '');
  return (
    <form action={action} className="space-y-5" noValidate>
      <div className="flex items-start gap-3">
        <input
          id="requireApproval"
          name="requireApproval"
          type="checkbox"
          defaultChecked={values ? values.requireApproval === 'on' : policy.requireApproval}
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

      <Field label="Default approver" htmlFor="defaultApproverUserId" error={errorOf('defaultApproverUserId')} hint="Decides requests that no approver rule covers.">
        <Select
          id="defaultApproverUserId"
          name="defaultApproverUserId"
          defaultValue={defaultApprover}
          aria-invalid={errorOf('defaultApproverUserId') ? true : undefined}
          aria-describedby={described('defaultApproverUserId', true)}
        >
          <option value="">Any asset manager</option>
          {approvers.map((approver) => (
            <option key={approver.id} value={approver.id}>
              {approver.name} ({roleLabels[approver.role]})
            </option>
          ))}
        </Select>
      </Field>

      <fieldset aria-describedby={errorOf('extensions') ? 'extensions-error' : undefined}>
        <legend className="text-sm font-medium text-slate-800">Extensions</legend>
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
        {errorOf('extensions') ? (
          <p id="extensions-error" className="mt-1 text-xs font-medium text-red-700">
            {errorOf('extensions')}
          </p>
        ) : null}
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Longest loan (days)" htmlFor="maxLoanDays" error={errorOf('maxLoanDays')}>
          <Input
            id="maxLoanDays"
            name="maxLoanDays"
            type="number"
            inputMode="numeric"
            min={1}
            max={3650}
            defaultValue={values?.maxLoanDays ?? policy.maxLoanDays}
            aria-invalid={errorOf('maxLoanDays') ? true : undefined}
            aria-describedby={described('maxLoanDays')}
          />
        </Field>
        <Field label="Book at most this many days ahead" htmlFor="maxAdvanceBookingDays" error={errorOf('maxAdvanceBookingDays')}>
          <Input
            id="maxAdvanceBookingDays"
            name="maxAdvanceBookingDays"
            type="number"
            inputMode="numeric"
            min={0}
            max={3650}
            defaultValue={values?.maxAdvanceBookingDays ?? policy.maxAdvanceBookingDays}
            aria-invalid={errorOf('maxAdvanceBookingDays') ? true : undefined}
            aria-describedby={described('maxAdvanceBookingDays')}
          />
        </Field>
      </div>

      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton pendingLabel="Saving…">Save loan policy</SubmitButton>
      </div>
      <div aria-live="polite">
        <FormMessage result={result} />
      </div>
    </form>
  );
}
