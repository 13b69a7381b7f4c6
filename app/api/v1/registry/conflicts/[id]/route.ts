import { json } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { getSyncConflict } from '@/lib/registry/conflicts/list-sync-conflicts';
import { SyncConflictIdParams } from '@/lib/registry/conflicts/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/registry/conflicts/{id} – one sync conflict: base, local and registry values
  GET: route({ role: 'ADMIN', params: SyncConflictIdParams }, async ({ tx, ctx, params }) => json(await getSyncConflict(tx, ctx, params.id))),
});
