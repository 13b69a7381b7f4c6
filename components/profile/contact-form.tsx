'use client';

import { ActionForm, useActionForm } from '@/components/ui/action-form';
import { Field, FieldSet, Input, Select } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import { updateProfileAction } from '@/lib/transport/portal/actions/profile-actions';
import { languageNames, type OwnProfile, supportedLanguages } from '@/lib/people/profile/schemas';
import { languageName } from '@/lib/platform/format/names';

type Props = { profile: Pick<OwnProfile, 'preferredEmail' | 'phone' | 'language' | 'preferences'> };

function Toggle({ name, label, hint, checked }: { name: string; label: string; hint: string; checked: boolean }) {
  return (
    <div className="flex items-start gap-3">
      <input id={name} name={name} type="checkbox" defaultChecked={checked} className="mt-0.5 h-4 w-4 rounded border-slate-300 accent-[var(--color-brand)]" aria-describedby={`${name}-hint`} />
      <div>
        <label htmlFor={name} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        <p id={`${name}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      </div>
    </div>
  );
}

export function ContactForm({ profile }: Props) {
  const form = useActionForm(updateProfileAction);
  return (
    <ActionForm state={form} className="space-y-5" noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Preferred e-mail" htmlFor="preferredEmail" error={form.error('preferredEmail')} hint="Leave empty to use the address your organisation knows you by.">
          <Input name="preferredEmail" type="email" autoComplete="email" defaultValue={form.text('preferredEmail', profile.preferredEmail)} />
        </Field>
        <Field label="Phone" htmlFor="phone" error={form.error('phone')} hint="For example +49 30 1234567.">
          <Input name="phone" type="tel" autoComplete="tel" defaultValue={form.text('phone', profile.phone)} />
        </Field>
        <Field label="Language" htmlFor="language" error={form.error('language')}>
          <Select name="language" defaultValue={form.text('language', profile.language)}>
            {supportedLanguages.map((code) => (
              <option key={code} value={code}>
                {languageName(code) === languageNames[code] ? languageNames[code] : `${languageName(code)} (${languageNames[code]})`}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <FieldSet id="notifications" legend="Notifications" className="space-y-3">
        <Toggle name="email" label="E-mails about my loans" hint="Reminders before a loan ends, overdue notices and decisions." checked={form.checked('email', profile.preferences.channels.email)} />
        <Toggle name="inApp" label="Notifications in the portal" hint="The same news, shown when you sign in." checked={form.checked('inApp', profile.preferences.channels.inApp)} />
        <Toggle
          name="marketingOptOut"
          label="No marketing, please"
          hint="You object to newsletters and offers on every channel. Messages about your own loans are not marketing."
          checked={form.checked('marketingOptOut', profile.preferences.marketingOptOut)}
        />
      </FieldSet>
      <SubmitButton pendingLabel="Saving…">Save profile</SubmitButton>
      <div aria-live="polite">
        <FormMessage result={form.result} />
      </div>
    </ActionForm>
  );
}
