import { created } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { createCustomCodelistValue } from '@/lib/registry/codelists/custom-values';
import { CodelistNameParams, CreateCodelistValueBody } from '@/lib/registry/codelists/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // POST /api/v1/codelists/{name}/values – add a custom value for this organisation (never sent to the registry)
  POST: route({ role: 'ADMIN', params: CodelistNameParams, body: CreateCodelistValueBody }, async ({ tx, ctx, params, body }) => {
    const value = await createCustomCodelistValue(tx, ctx, params.name, body);
    return created(value, `/api/v1/codelists/${params.name}/values/${value.id}`);
  }),
});
