'use client';

import { type FormEvent, useEffect, useRef, useState, useTransition } from 'react';
import { useActionForm } from '@/components/ui/action-form';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Field, Input, Textarea } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import type { BrandColours } from '@/lib/organisation/branding/brand-colours';
import type { BrandingSettings } from '@/lib/organisation/branding/schemas';
import type { ActionResult } from '@/lib/transport/portal/action-result';
import { BrandPreview } from './brand-preview';
import { ColourField } from './colour-field';

type Props = {
  action: (previous: ActionResult | null, form: FormData) => Promise<ActionResult>;
  organisationName: string;
  settings: BrandingSettings;
  storedLogoDataUri: string | null;
  defaults: { colours: BrandColours; tagline: string };
  tenantHost: string;
};

const colourFields = [
  { name: 'primaryColor', label: 'Primary', key: 'primary' },
  { name: 'accentColor', label: 'Accent', key: 'accent' },
  { name: 'backgroundColor', label: 'Background', key: 'background' },
  { name: 'mutedColor', label: 'Muted text', key: 'muted' },
] as const;

const templates = [
  { key: 'welcome', title: 'Welcome', description: 'Sent to a person when their account is created.' },
  { key: 'loanApproved', title: 'Loan approved', description: 'Sent to the requester when a loan is approved.' },
  { key: 'reminder', title: 'Return reminder', description: 'Sent three days before a loan ends.' },
] as const;

const HEX = /^#[0-9a-fA-F]{6}$/;

export function BrandingForm({ action, organisationName, settings, storedLogoDataUri, defaults, tenantHost }: Props) {
  const [pending, startTransition] = useTransition();
  const [colours, setColours] = useState({
    primaryColor: settings.primaryColor ?? '',
    accentColor: settings.accentColor ?? '',
    backgroundColor: settings.backgroundColor ?? '',
    mutedColor: settings.mutedColor ?? '',
  });
  const [tagline, setTagline] = useState(settings.loginTagline ?? '');
  const [logoPreview, setLogoPreview] = useState<string | null>(null);
  const [removeLogo, setRemoveLogo] = useState(false);
  const [domain, setDomain] = useState(settings.customDomain ?? '');
  const fileInput = useRef<HTMLInputElement>(null);
  const form = useActionForm(async (previous: ActionResult | null, sent: FormData) => {
    const outcome = await action(previous, sent);
    if (outcome.ok) {
      // Saved: the page now shows the stored, sanitised logo; the picked file is done with.
      if (fileInput.current) fileInput.current.value = '';
      setLogoPreview(null);
      setRemoveLogo(false);
    }
    return outcome;
  });
  const { result, error: errorOf } = form;

  useEffect(() => () => void (logoPreview && URL.revokeObjectURL(logoPreview)), [logoPreview]);

  // Submitting by hand skips React's reset of the form after its action, so nothing is remounted (unlike
  // ActionForm): the picked logo, which no page may put back into a file input, survives a refusal too.
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const sent = new FormData(event.currentTarget);
    startTransition(() => form.dispatch(sent));
  }

  const previewColours = {
    primary: HEX.test(colours.primaryColor) ? colours.primaryColor : defaults.colours.primary,
    accent: HEX.test(colours.accentColor) ? colours.accentColor : defaults.colours.accent,
    background: HEX.test(colours.backgroundColor) ? colours.backgroundColor : defaults.colours.background,
    muted: HEX.test(colours.mutedColor) ? colours.mutedColor : defaults.colours.muted,
  };
  const shownLogo = removeLogo ? null : (logoPreview ?? storedLogoDataUri);
  const shownDomain = domain.trim().toLowerCase() || 'assets.example.com';

  return (
    <form onSubmit={submit} action={form.dispatch} className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]" aria-label="Branding" noValidate>
      <aside className="lg:order-2">
        <div className="space-y-2 lg:sticky lg:top-6">
          <h2 className="text-sm font-semibold text-slate-900">Live preview</h2>
          <BrandPreview name={organisationName} colours={previewColours} logoSrc={shownLogo} tagline={tagline.trim() || defaults.tagline} />
          <p className="text-xs text-slate-600">How the sign-in page and buttons will look. Nothing changes for others until you save.</p>
        </div>
      </aside>

      <div className="min-w-0 space-y-6 lg:order-1">
        <Card aria-labelledby="colours-heading">
          <CardHeader id="colours-heading" title="Colours" description="Used on the sign-in page, in the portal and in e-mails. Hex colours, such as #1f4f8a." />
          <CardBody className="grid gap-4 sm:grid-cols-2">
            {colourFields.map((field) => (
              <ColourField
                key={field.name}
                name={field.name}
                label={field.label}
                value={colours[field.name]}
                fallback={defaults.colours[field.key]}
                error={errorOf(field.name)}
                onChange={(value) => setColours((current) => ({ ...current, [field.name]: value }))}
              />
            ))}
          </CardBody>
        </Card>

        <Card aria-labelledby="logo-heading">
          <CardHeader id="logo-heading" title="Logo" description="An SVG file of up to 64 KB. Scripts and external references are removed when it is saved." />
          <CardBody className="flex flex-col gap-4 sm:flex-row sm:items-start">
            <div className="flex h-20 w-20 shrink-0 items-center justify-center rounded-lg border border-slate-200 bg-white p-2">
              {shownLogo ? (
                // eslint-disable-next-line @next/next/no-img-element -- a data or object URL; next/image adds nothing here
                <img src={shownLogo} alt={`${organisationName} logo`} className="max-h-full max-w-full object-contain" data-testid="logo-preview" />
              ) : (
                <span className="text-center text-xs text-slate-500">No logo</span>
              )}
            </div>
            <div className="min-w-0 flex-1 space-y-3">
              <Field label="Upload an SVG logo" htmlFor="branding-logo" error={errorOf('logoSvg')}>
                <input
                  ref={fileInput}
                  id="branding-logo"
                  name="logo"
                  type="file"
                  accept=".svg,image/svg+xml"
                  aria-invalid={errorOf('logoSvg') ? true : undefined}
                  aria-describedby={errorOf('logoSvg') ? 'branding-logo-error' : undefined}
                  onChange={(event) => {
                    const file = event.target.files?.[0];
                    setLogoPreview(file ? URL.createObjectURL(file) : null);
                    if (file) setRemoveLogo(false);
                  }}
                  className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-900 hover:file:bg-slate-50"
                />
              </Field>
              {storedLogoDataUri ? (
                <label className="flex items-center gap-2 text-sm text-slate-800">
                  <input type="checkbox" name="removeLogo" checked={removeLogo} onChange={(event) => setRemoveLogo(event.target.checked)} className="h-4 w-4 rounded border-slate-300" />
                  Remove the logo (show the initial instead)
                </label>
              ) : null}
            </div>
          </CardBody>
        </Card>

        <Card aria-labelledby="login-heading">
          <CardHeader id="login-heading" title="Sign-in page" />
          <CardBody className="space-y-4">
            <Field label="Tagline" htmlFor="branding-tagline" hint={`Plain text, one line, up to 200 characters. Empty uses “${defaults.tagline}”`} error={errorOf('loginTagline')}>
              <Input name="loginTagline" value={tagline} onChange={(event) => setTagline(event.target.value)} maxLength={200} />
            </Field>
            <Field label="Image for social sharing" htmlFor="branding-social" hint="An https:// address of a PNG or JPEG (1200 × 630 works best), shown when the sign-in link is shared." error={errorOf('socialImageUrl')}>
              <Input name="socialImageUrl" type="url" inputMode="url" defaultValue={form.text('socialImageUrl', settings.socialImageUrl)} placeholder="https://www.example.com/share.png" />
            </Field>
          </CardBody>
        </Card>

        <Card aria-labelledby="emails-heading">
          <CardHeader id="emails-heading" title="E-mail texts" description="Replace the subject and the opening paragraph. Empty fields keep the standard wording." />
          <div className="divide-y divide-slate-100">
            {templates.map((template) => (
              <fieldset key={template.key} className="space-y-3 px-5 py-4">
                <legend className="sr-only">{template.title}</legend>
                <div aria-hidden="true">
                  <p className="text-sm font-semibold text-slate-900">{template.title}</p>
                  <p className="text-xs text-slate-600">{template.description}</p>
                </div>
                <Field label="Subject" htmlFor={`branding-${template.key}-subject`} error={errorOf(`emailTemplates.${template.key}.subject`)}>
                  <Input name={`emailTemplates.${template.key}.subject`} defaultValue={form.text(`emailTemplates.${template.key}.subject`, settings.emailTemplates[template.key].subject)} maxLength={200} placeholder="Standard subject" />
                </Field>
                <Field label="Opening paragraph" htmlFor={`branding-${template.key}-intro`} error={errorOf(`emailTemplates.${template.key}.intro`)}>
                  <Textarea name={`emailTemplates.${template.key}.intro`} defaultValue={form.text(`emailTemplates.${template.key}.intro`, settings.emailTemplates[template.key].intro)} maxLength={1000} rows={3} placeholder="Standard opening" />
                </Field>
              </fieldset>
            ))}
          </div>
        </Card>

        <Card aria-labelledby="domain-heading">
          <CardHeader id="domain-heading" title="Custom domain" description={`Serve the portal at your own address as well as at ${tenantHost}.`} />
          <CardBody className="space-y-4">
            <Field label="Domain" htmlFor="branding-domain" hint="A host name such as assets.example.com, without https:// or a path. Empty removes it." error={errorOf('customDomain')}>
              <Input name="customDomain" value={domain} onChange={(event) => setDomain(event.target.value)} placeholder="assets.example.com" spellCheck={false} autoComplete="off" />
            </Field>
            <div className="rounded-lg bg-slate-50 p-4 text-sm text-slate-700">
              <p className="font-medium text-slate-900">Set-up</p>
              <ol className="mt-2 list-decimal space-y-2 pl-5">
                <li>
                  At your DNS provider, add a CNAME record: <code className="break-all rounded bg-white px-1 py-0.5 font-mono text-xs ring-1 ring-slate-200">{`${shownDomain} CNAME ${tenantHost}`}</code>
                </li>
                <li>
                  In your identity provider, allow the sign-in callback URL{' '}
                  <code className="break-all rounded bg-white px-1 py-0.5 font-mono text-xs ring-1 ring-slate-200">{`https://${shownDomain}/api/auth/callback/oidc`}</code>
                </li>
                <li>Save here. The address works as soon as the DNS record is visible.</li>
              </ol>
            </div>
          </CardBody>
        </Card>

        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <Button type="submit" variant="primary" disabled={pending} aria-disabled={pending}>
            {pending ? 'Saving…' : 'Save branding'}
          </Button>
          <div aria-live="polite" className="min-w-0 flex-1">
            <FormMessage result={result} />
          </div>
        </div>
      </div>
    </form>
  );
}
