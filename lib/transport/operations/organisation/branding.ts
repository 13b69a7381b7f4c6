import { BrandingView, UpdateBrandingBody as UpdateBrandingBodySchema } from '@/lib/organisation/branding/schemas';
import { defineOperation } from '../operation';
import { named } from '../named';

const tag = 'Organisation';

const Branding = named('Branding', BrandingView, {
  description: "The organisation's branding: colours, logo, login tagline, e-mail texts, social sharing image and custom domain.",
});
const UpdateBrandingBody = named('UpdateBrandingBody', UpdateBrandingBodySchema, { minProperties: 1 });

export const getBranding = defineOperation({
  method: 'get',
  path: '/v1/branding',
  operationId: 'getBranding',
  summary: 'Get the branding',
  tag,
  role: 'ADMIN',
  description: 'What is stored, and whether the plan applies it: below Pro Standard the login page, the portal and e-mails show the defaults whatever is stored.',
  success: { status: 200, description: 'The branding.', schema: Branding },
});

export const updateBranding = defineOperation({
  method: 'patch',
  path: '/v1/branding',
  operationId: 'updateBranding',
  summary: 'Change the branding',
  tag,
  role: 'ADMIN',
  body: UpdateBrandingBody,
  description:
    'Pro Standard and above (otherwise 403 `PLAN_UPGRADE_REQUIRED` with the required and current plan). Only the fields sent change; null clears one. Colours are #rrggbb. The logo must be one well-formed SVG document of at most 64 KB with a single `<svg xmlns="http://www.w3.org/2000/svg">` root (anything else is 400 `VALIDATION_ERROR`, issue code `not_svg`); it is stored sanitised: scripts, event handlers, foreignObject, `<style>` elements, external references and attributes whose CSS could fetch are removed. The custom domain must lie outside the platform domain and be free (409 `CUSTOM_DOMAIN_CONFLICT`); point it at the app with a CNAME, and let the identity provider accept `https://<domain>/api/auth/callback/oidc`. Records BRANDING_UPDATED (the logo as a SHA-256 and size).',
  success: { status: 200, description: 'The branding after the change.', schema: Branding },
  errors: ['PLAN_UPGRADE_REQUIRED', 'CUSTOM_DOMAIN_CONFLICT'],
});
