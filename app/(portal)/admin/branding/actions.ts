'use server';

import { revalidatePath } from 'next/cache';
import { updateBranding } from '@/lib/branding/update-branding';
import { emailTemplateKeys, UpdateBrandingBody } from '@/lib/branding/schemas';
import { type ActionResult, portalActionError, requirePortalContext, withPortalTransaction } from '../../portal-context';

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

/** The branding form: the same lib function, validation and audit as PATCH /api/v1/branding. */
export async function saveBranding(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  const portal = await requirePortalContext('ADMIN');
  try {
    const logoSvg = await logoOf(form);
    const input = UpdateBrandingBody.parse({
      ...Object.fromEntries(colourFields.map((field) => [field, textOrNull(form, field)])),
      ...(logoSvg === undefined ? {} : { logoSvg }),
      loginTagline: textOrNull(form, 'loginTagline'),
      socialImageUrl: textOrNull(form, 'socialImageUrl'),
      customDomain: textOrNull(form, 'customDomain'),
      emailTemplates: Object.fromEntries(
        emailTemplateKeys.map((key) => [key, { subject: textOrNull(form, `emailTemplates.${key}.subject`), intro: textOrNull(form, `emailTemplates.${key}.intro`) }]),
      ),
    });
    await withPortalTransaction(portal, (tx, ctx) => updateBranding(tx, ctx, input));
  } catch (error) {
    return portalActionError(error);
  }
  // The portal shell and the login page read the branding on every render; this refreshes the current one.
  revalidatePath('/', 'layout');
  return { ok: true, message: 'Branding saved.' };
}
