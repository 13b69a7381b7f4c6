import { json } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { listSyncPersons } from '@/lib/registry/sync-admin/list-sync-persons';
import { ListSyncPersonsQuery } from '@/lib/registry/sync-admin/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/registry/persons – every person's sync status, registry id and last sync, filterable by status
  GET: route({ role: 'ADMIN', query: ListSyncPersonsQuery }, async ({ tx, ctx, query }) => json(await listSyncPersons(tx, ctx, query))),
});
