import { created } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { createCustomCodelistValue } from '@/lib/registry/codelists/custom-values';
import * as codelists from '@/lib/transport/operations/registry/codelists';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  POST: route(codelists.createCodelistValue, async ({ tx, ctx, params, body }) => {
    const value = await createCustomCodelistValue(tx, ctx, params.name, body);
    return created(value, `/api/v1/codelists/${params.name}/values/${value.id}`);
  }),
});
