'use client';

import { useActionState } from 'react';
import { Field, Input, Select } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import { updateProfileAction } from '@/lib/transport/portal/actions/profile-actions';
import { languageNames, type OwnProfile, supportedLanguages } from '@/lib/people/profile/schemas';

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

type Outcome = Awaited<ReturnType<typeof updateProfileAction>> | null;

function ContactFields({ profile, result }: Props & { result: Outcome }) {
  const values = result?.ok === false ? result.values : undefined;
  const errors = result?.ok === false ? (result.fieldErrors ?? {}) : {};
  const errorOf = (field: string) => errors[field]?.[0];
  const checked = (field: 'email' | 'inApp' | 'marketingOptOut', stored: boolean) => (values ? values[field] === 'on' : stored);
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Preferred e-mail" htmlFor="preferredEmail" error={errorOf('preferredEmail')} hint="Leave empty to use the address your organisation knows you by.">
          <Input
            id="preferredEmail"
            name="preferredEmail"
            type="email"
            autoComplete="email"
            defaultValue={values?.preferredEmail ?? profile.preferredEmail ?? ''}
            aria-invalid={errorOf('preferredEmail') ? true : undefined}
            aria-describedby={errorOf('preferredEmail') ? 'preferredEmail-error' : 'preferredEmail-hint'}
          />
        </Field>
        <Field label="Phone" htmlFor="phone" error={errorOf('phone')} hint="For example +49 30 1234567.">
          <Input
            id="phone"
            name="phone"
            type="tel"
            autoComplete="tel"
            defaultValue={values?.phone ?? profile.phone ?? ''}
            aria-invalid={errorOf('phone') ? true : undefined}
            aria-describedby={errorOf('phone') ? 'phone-error' : 'phone-hint'}
          />
        </Field>
        <Field label="Language" htmlFor="language" error={errorOf('language')}>
          <Select id="language" name="language" defaultValue={values?.language ?? profile.language} aria-invalid={errorOf('language') ? true : undefined}>
            {supportedLanguages.map((code) => (
              <option key={code} value={code}>
                {languageNames[code]}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-800">Notifications</legend>
        <Toggle name="email" label="E-mails about my loans" hint="Reminders before a loan ends, overdue notices and decisions." checked={checked('email', profile.preferences.channels.email)} />
        <Toggle name="inApp" label="Notifications in the portal" hint="The same news, shown when you sign in." checked={checked('inApp', profile.preferences.channels.inApp)} />
        <Toggle
          name="marketingOptOut"
          label="No marketing, please"
          hint="You object to newsletters and offers on every channel. Messages about your own loans are not marketing."
          checked={checked('marketingOptOut', profile.preferences.marketingOptOut)}
        />
      </fieldset>
    </>
  );
}

export function ContactForm({ profile }: Props) {
  const [result, action] = useActionState(updateProfileAction, null);
  // A saved change remounts the fields, not the form: React resets a form after its action to the defaults the
  // inputs were first rendered with (a <select> would show the old language), and the outcome must survive.
  const saved = JSON.stringify([profile.preferredEmail, profile.phone, profile.language, profile.preferences]);
  return (
    <form action={action} className="space-y-5" noValidate>
      <ContactFields key={saved} profile={profile} result={result} />
      <SubmitButton pendingLabel="Saving…">Save profile</SubmitButton>
      <div aria-live="polite">
        <FormMessage result={result} />
      </div>
    </form>
  );
}
