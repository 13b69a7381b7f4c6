import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { updateCustomCodelistValue } from '@/lib/registry/codelists/custom-values';
import { CodelistValueParams, UpdateCodelistValueBody } from '@/lib/registry/codelists/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // PATCH /api/v1/codelists/{name}/values/{id} – relabel, deactivate or reactivate a custom value; registry values are read-only (409)
  PATCH: route({ role: 'ADMIN', params: CodelistValueParams, body: UpdateCodelistValueBody }, async ({ tx, ctx, params, body }) =>
    ok(await updateCustomCodelistValue(tx, ctx, params.name, params.id, body)),
  ),
});
