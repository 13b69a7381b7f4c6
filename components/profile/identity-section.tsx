'use client';

import { ActionForm, useActionForm } from '@/components/ui/action-form';
import { Badge } from '@/components/ui/badge';
import { Field, Input, Select } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import { requestIdentityChangeAction } from '@/lib/transport/portal/actions/profile-actions';
import type { ChangeRequest, IdentityField, OwnProfile } from '@/lib/people/profile/schemas';
import { formatDate } from '@/lib/platform/format/dates';
import { countryName } from '@/lib/platform/format/names';

const labels: Record<IdentityField, string> = { firstName: 'First name', lastName: 'Last name', birthDate: 'Birth date', nationality: 'Nationality', officialEmail: 'Official e-mail' };
const statusLabels: Record<ChangeRequest['status'], string> = {
  pending: 'Waiting for approval',
  approved_locally: 'Approved, queued for the registry',
  submitted: 'Sent to the registry',
  accepted: 'Accepted',
  rejected: 'Not accepted',
};

/** A stored identity value as read: a birth date in words, a nationality by its country's name. */
function shown(field: string, value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return 'Not recorded';
  if (field === 'birthDate') return formatDate(value);
  if (field === 'nationality') return countryName(value);
  return value;
}

type Props = { profile: Pick<OwnProfile, IdentityField | 'pendingChanges' | 'recentDecisions'> };

export function IdentitySection({ profile }: Props) {
  const form = useActionForm(requestIdentityChangeAction);
  const pending = new Map(profile.pendingChanges.flatMap((request) => Object.entries(request.fields).map(([field, change]) => [field, { to: String(change.to), request }] as const)));
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-3 text-sm">
        {(Object.keys(labels) as IdentityField[]).map((field) => (
          <div key={field} className="contents" data-testid={`identity-${field}`}>
            <dt className="text-slate-600">{labels[field]}</dt>
            <dd className="text-slate-900">
              <span className="font-medium break-words">{shown(field, profile[field])}</span>
              {pending.has(field) ? (
                <span className="ml-2 inline-flex flex-wrap items-center gap-2">
                  <Badge tone="warning">{statusLabels[pending.get(field)!.request.status]}</Badge>
                  <span className="break-words text-slate-700">requested: {shown(field, pending.get(field)!.to)}</span>
                  {pending.get(field)!.request.emailConfirmation === 'awaiting' ? <span className="text-slate-700">(confirm the link we e-mailed to the new address)</span> : null}
                </span>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
      {profile.recentDecisions.length > 0 ? (
        <div>
          <h3 className="text-sm font-medium text-slate-900">Recent decisions</h3>
          <ul className="mt-2 space-y-1 text-sm" data-testid="change-decisions">
            {profile.recentDecisions.map((decision) => (
              <li key={decision.id} className="flex flex-wrap items-center gap-2">
                <Badge tone={decision.status === 'accepted' ? 'success' : 'danger'}>{statusLabels[decision.status]}</Badge>
                <span className="text-slate-700">{Object.keys(decision.fields).map((field) => labels[field as IdentityField] ?? 'National identifier').join(', ')}</span>
                {decision.rejectionReason ? <span className="text-slate-700">— {decision.rejectionReason}</span> : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <ActionForm state={form} className="space-y-4 rounded-lg bg-slate-50 p-4" noValidate>
        <p className="text-sm text-slate-700">Something wrong here? Ask for a correction. Your organisation confirms it with the official register first.</p>
        <div className="grid gap-4 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)]">
          <Field label="What to correct" htmlFor="identity-field" error={form.error('field')}>
            <Select name="field" defaultValue={form.text('field', 'lastName')}>
              {(Object.keys(labels) as IdentityField[]).map((field) => (
                <option key={field} value={field}>
                  {labels[field]}
                </option>
              ))}
              <option value="identifierNational">National identifier</option>
            </Select>
          </Field>
          <Field label="Correct value" htmlFor="identity-value" error={form.error('value') ?? form.error(form.text('field', 'lastName'))} hint="A birth date as year-month-day, for example 1990-03-21. A nationality as the country's two-letter code, for example DE for Germany or FR for France.">
            <Input name="value" defaultValue={form.text('value')} />
          </Field>
        </div>
        <Field label="Supporting document (optional)" htmlFor="identity-evidence" error={form.error('evidenceUrl')} hint="An https:// link to a certificate or another document that shows the correct value.">
          <Input name="evidenceUrl" type="url" defaultValue={form.text('evidenceUrl')} />
        </Field>
        <SubmitButton pendingLabel="Sending…" variant="secondary">
          Request correction
        </SubmitButton>
        <div aria-live="polite">
          <FormMessage result={form.result} />
        </div>
      </ActionForm>
    </div>
  );
}
