import { json } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { listSyncConflicts } from '@/lib/registry/conflicts/list-sync-conflicts';
import { ListSyncConflictsQuery } from '@/lib/registry/conflicts/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/registry/conflicts – identity fields changed both at the registry and here, with their three values
  GET: route({ role: 'ADMIN', query: ListSyncConflictsQuery }, async ({ tx, ctx, query }) => json(await listSyncConflicts(tx, ctx, query))),
});
