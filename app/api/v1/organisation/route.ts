import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { getRegistryAdapter } from '@/lib/registry/adapter/get-registry-adapter';
import { getOrganisationSettings } from '@/lib/organisation/settings/get-organisation-settings';
import { UpdateOrganisationBody } from '@/lib/organisation/settings/schemas';
import { updateOrganisation } from '@/lib/organisation/settings/update-organisation';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/organisation – the organisation's name and legal contact
  GET: route({ role: 'ADMIN' }, async ({ tx, ctx }) => ok(await getOrganisationSettings(tx, ctx.organisationId))),

  // PATCH /api/v1/organisation – rename the organisation, set its legal contact or link its registry id; null clears
  PATCH: route({ role: 'ADMIN', body: UpdateOrganisationBody }, async ({ tx, ctx, body }) => ok(await updateOrganisation(tx, ctx, body, { registry: getRegistryAdapter() }))),
});
