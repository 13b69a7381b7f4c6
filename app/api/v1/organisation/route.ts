import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { getRegistryAdapter } from '@/lib/registry/adapter/get-registry-adapter';
import { getOrganisationSettings } from '@/lib/organisation/settings/get-organisation-settings';
import { updateOrganisation } from '@/lib/organisation/settings/update-organisation';
import * as organisationSettings from '@/lib/transport/operations/organisation/settings';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(organisationSettings.getOrganisation, async ({ tx, ctx }) => ok(await getOrganisationSettings(tx, ctx.organisationId))),

  PATCH: route(organisationSettings.updateOrganisation, async ({ tx, ctx, body }) => ok(await updateOrganisation(tx, ctx, body, { registry: getRegistryAdapter() }))),
});
