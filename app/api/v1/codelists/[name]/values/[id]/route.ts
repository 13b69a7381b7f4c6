import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { updateCustomCodelistValue } from '@/lib/registry/codelists/custom-values';
import * as codelists from '@/lib/transport/operations/registry/codelists';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  PATCH: route(codelists.updateCodelistValue, async ({ tx, ctx, params, body }) =>
    ok(await updateCustomCodelistValue(tx, ctx, params.name, params.id, body)),
  ),
});
