'use server';

import { emailTemplateKeys, UpdateBrandingBody } from '@/lib/organisation/branding/schemas';
import { updateBranding } from '@/lib/organisation/branding/update-branding';
import { formAction } from '../portal-action';

const colourFields = ['primaryColor', 'accentColor', 'backgroundColor', 'mutedColor'] as const;

// An empty field means "use the default", which the API spells null.
function textOrNull(form: FormData, name: string): string | null {
  const value = form.get(name);
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

async function logoOf(form: FormData): Promise<string | null | undefined> {
  if (form.get('removeLogo') === 'on') return null;
  const file = form.get('logo');
  if (!(file instanceof File) || file.size === 0) return undefined;
  return file.text();
}

async function brandingOf(form: FormData) {
  const logoSvg = await logoOf(form);
  return {
    ...Object.fromEntries(colourFields.map((field) => [field, textOrNull(form, field)])),
    ...(logoSvg === undefined ? {} : { logoSvg }),
    loginTagline: textOrNull(form, 'loginTagline'),
    socialImageUrl: textOrNull(form, 'socialImageUrl'),
    customDomain: textOrNull(form, 'customDomain'),
    emailTemplates: Object.fromEntries(
      emailTemplateKeys.map((key) => [key, { subject: textOrNull(form, `emailTemplates.${key}.subject`), intro: textOrNull(form, `emailTemplates.${key}.intro`) }]),
    ),
  };
}

/** The branding form: the same lib function, validation and audit as PATCH /api/v1/branding. */
export const saveBrandingAction = formAction(
  // The portal shell and the login page read the branding on every render.
  { role: 'ADMIN', input: UpdateBrandingBody, fields: brandingOf, revalidate: [{ path: '/', type: 'layout' }] },
  async ({ tx, ctx, input }) => {
    await updateBranding(tx, ctx, input);
    return { message: 'Branding saved.' };
  },
);
