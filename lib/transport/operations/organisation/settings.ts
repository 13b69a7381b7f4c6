import { OrganisationSettings as OrganisationSettingsSchema, UpdateOrganisationBody as UpdateOrganisationBodySchema } from '@/lib/organisation/settings/schemas';
import { defineOperation } from '../operation';
import { named } from '../named';

const tag = 'Organisation';

const OrganisationSettings = named('OrganisationSettings', OrganisationSettingsSchema, { description: "The organisation's name and legal contact." });
const UpdateOrganisationBody = named('UpdateOrganisationBody', UpdateOrganisationBodySchema, { minProperties: 1 });

export const getOrganisation = defineOperation({
  method: 'get',
  path: '/v1/organisation',
  operationId: 'getOrganisation',
  summary: 'Get the organisation settings',
  tag,
  role: 'ADMIN',
  success: { status: 200, description: 'The settings.', schema: OrganisationSettings },
});

export const updateOrganisation = defineOperation({
  method: 'patch',
  path: '/v1/organisation',
  operationId: 'updateOrganisation',
  summary: 'Change the organisation settings',
  tag,
  role: 'ADMIN',
  body: UpdateOrganisationBody,
  description:
    'Only the fields sent change. `legalContactEmail` is where the monthly legal report is e-mailed; null clears it (reports are then stored, not e-mailed). `registryId` links the organisation to the external registry (spec 002): the registry must know the id (422 REGISTRY_ORGANISATION_NOT_FOUND), one organisation per id (409 REGISTRY_ID_TAKEN); its official data is mirrored at once and then nightly and on registry webhooks, never overwriting the name shown, custom domain or branding. Records ORGANISATION_UPDATED with the before and after of each changed field.',
  success: { status: 200, description: 'The settings after the change.', schema: OrganisationSettings },
  errors: ['REGISTRY_ORGANISATION_NOT_FOUND', 'REGISTRY_ID_TAKEN', 'REGISTRY_SYNC_OFF', 'REGISTRY_UNAVAILABLE'],
});
