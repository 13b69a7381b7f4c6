import { json } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { resolveSyncConflict } from '@/lib/registry/conflicts/resolve-sync-conflict';
import { ResolveSyncConflictBody, SyncConflictIdParams } from '@/lib/registry/conflicts/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // POST /api/v1/registry/conflicts/{id}/resolve – take the registry's value: close the conflict (audited)
  POST: route({ role: 'ADMIN', params: SyncConflictIdParams, body: ResolveSyncConflictBody }, async ({ tx, ctx, params, body }) =>
    json(await resolveSyncConflict(tx, ctx, { id: params.id, body })),
  ),
});
