import { json } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { resolveSyncConflict } from '@/lib/registry/conflicts/resolve-sync-conflict';
import * as registrySync from '@/lib/transport/operations/registry/sync';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  POST: route(registrySync.resolveRegistrySyncConflict, async ({ tx, ctx, params, body }) =>
    json(await resolveSyncConflict(tx, ctx, { id: params.id, body })),
  ),
});
