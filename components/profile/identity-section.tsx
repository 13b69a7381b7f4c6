'use client';

import { useActionState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Field, Input, Select } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import { requestIdentityChangeAction } from '@/lib/portal/actions/profile-actions';
import type { IdentityField, OwnProfile } from '@/lib/profile/schemas';

const labels: Record<IdentityField, string> = { firstName: 'First name', lastName: 'Last name', birthDate: 'Birth date', nationality: 'Nationality' };

type Props = { profile: Pick<OwnProfile, IdentityField | 'pendingChanges'> };

export function IdentitySection({ profile }: Props) {
  const [result, action] = useActionState(requestIdentityChangeAction, null);
  const values = result?.ok === false ? result.values : undefined;
  const error = result?.ok === false ? (result.fieldErrors?.value?.[0] ?? result.fieldErrors?.field?.[0]) : undefined;
  const pending = new Map(profile.pendingChanges.flatMap((request) => Object.entries(request.fields).map(([field, change]) => [field, String(change.to)] as const)));
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-3 text-sm">
        {(Object.keys(labels) as IdentityField[]).map((field) => (
          <div key={field} className="contents" data-testid={`identity-${field}`}>
            <dt className="text-slate-600">{labels[field]}</dt>
            <dd className="text-slate-900">
              <span className="font-medium">{profile[field] ?? 'Not recorded'}</span>
              {pending.has(field) ? (
                <span className="ml-2 inline-flex flex-wrap items-center gap-2">
                  <Badge tone="warning">Waiting for confirmation</Badge>
                  <span className="text-slate-700">requested: {pending.get(field)}</span>
                </span>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
      <form action={action} className="space-y-4 rounded-lg bg-slate-50 p-4" noValidate>
        <p className="text-sm text-slate-700">Something wrong here? Ask for a correction. Your organisation confirms it with the official register first.</p>
        <div className="grid gap-4 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)]">
          <Field label="What to correct" htmlFor="identity-field">
            <Select id="identity-field" name="field" defaultValue={values?.field ?? 'lastName'}>
              {(Object.keys(labels) as IdentityField[]).map((field) => (
                <option key={field} value={field}>
                  {labels[field]}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Correct value" htmlFor="identity-value" error={error} hint="Dates as YYYY-MM-DD; nationality as a two-letter country code such as DE.">
            <Input id="identity-value" name="value" defaultValue={values?.value ?? ''} aria-invalid={error ? true : undefined} aria-describedby={error ? 'identity-value-error' : 'identity-value-hint'} />
          </Field>
        </div>
        <SubmitButton pendingLabel="Sending…" variant="secondary">
          Request correction
        </SubmitButton>
        <div aria-live="polite">
          <FormMessage result={result} />
        </div>
      </form>
    </div>
  );
}
