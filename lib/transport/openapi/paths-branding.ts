import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { BrandingView, UpdateBrandingBody } from '@/lib/organisation/branding/schemas';
import { OrganisationSettings, UpdateOrganisationBody } from '@/lib/organisation/settings/schemas';
import { nameSchema } from './name-schema';
import { registerTenantOperation } from './register-tenant-operation';

function registerOrganisationPaths(registry: OpenAPIRegistry): void {
  const settings = registry.register('OrganisationSettings', nameSchema('OrganisationSettings', OrganisationSettings, { description: "The organisation's name and legal contact." }));
  const body = registry.register('UpdateOrganisationBody', nameSchema('UpdateOrganisationBody', UpdateOrganisationBody, { minProperties: 1 }));
  registerTenantOperation(registry, {
    method: 'get', path: '/v1/organisation', operationId: 'getOrganisation', summary: 'Get the organisation settings', tag: 'Organisation', role: 'ADMIN',
    success: { status: 200, description: 'The settings.', schema: settings },
  });
  registerTenantOperation(registry, {
    method: 'patch', path: '/v1/organisation', operationId: 'updateOrganisation', summary: 'Change the organisation settings', tag: 'Organisation', role: 'ADMIN', body,
    description: 'Only the fields sent change. `legalContactEmail` is where the monthly legal report is e-mailed; null clears it (reports are then stored, not e-mailed). `registryId` links the organisation to the external registry (spec 002): the registry must know the id (422 REGISTRY_ORGANISATION_NOT_FOUND), one organisation per id (409 REGISTRY_ID_TAKEN); its official data is mirrored at once and then nightly and on registry webhooks, never overwriting the name shown, custom domain or branding. Records ORGANISATION_UPDATED with the before and after of each changed field.',
    success: { status: 200, description: 'The settings after the change.', schema: settings },
    errors: ['REGISTRY_ORGANISATION_NOT_FOUND', 'REGISTRY_ID_TAKEN', 'REGISTRY_SYNC_OFF', 'REGISTRY_UNAVAILABLE'],
  });
}

export function registerBrandingPaths(registry: OpenAPIRegistry): void {
  registerOrganisationPaths(registry);
  const view = registry.register(
    'Branding',
    nameSchema('Branding', BrandingView, {
      description: 'The organisation\'s branding: colours, logo, login tagline, e-mail texts, social sharing image and custom domain.',
    }),
  );
  const body = registry.register('UpdateBrandingBody', nameSchema('UpdateBrandingBody', UpdateBrandingBody, { minProperties: 1 }));
  registerTenantOperation(registry, {
    method: 'get', path: '/v1/branding', operationId: 'getBranding', summary: 'Get the branding', tag: 'Organisation', role: 'ADMIN',
    description: 'What is stored, and whether the plan applies it: below Pro Standard the login page, the portal and e-mails show the defaults whatever is stored.',
    success: { status: 200, description: 'The branding.', schema: view },
  });
  registerTenantOperation(registry, {
    method: 'patch', path: '/v1/branding', operationId: 'updateBranding', summary: 'Change the branding', tag: 'Organisation', role: 'ADMIN', body,
    description:
      'Pro Standard and above (otherwise 403 `PLAN_UPGRADE_REQUIRED` with the required and current plan). Only the fields sent change; null clears one. Colours are #rrggbb. The logo must be one well-formed SVG document of at most 64 KB with a single `<svg xmlns="http://www.w3.org/2000/svg">` root (anything else is 400 `VALIDATION_ERROR`, issue code `not_svg`); it is stored sanitised: scripts, event handlers, foreignObject, `<style>` elements, external references and attributes whose CSS could fetch are removed. The custom domain must lie outside the platform domain and be free (409 `CUSTOM_DOMAIN_CONFLICT`); point it at the app with a CNAME, and let the identity provider accept `https://<domain>/api/auth/callback/oidc`. Records BRANDING_UPDATED (the logo as a SHA-256 and size).',
    success: { status: 200, description: 'The branding after the change.', schema: view },
    errors: ['PLAN_UPGRADE_REQUIRED', 'CUSTOM_DOMAIN_CONFLICT'],
  });
}
