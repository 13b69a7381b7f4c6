import { json } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { getSyncState } from '@/lib/registry/sync-admin/get-sync-state';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/registry/sync-state – the nightly reconcile per entity: last run, last success, last error, changedSince
  GET: route({ role: 'ADMIN' }, async ({ tx, ctx }) => json(await getSyncState(tx, ctx))),
});
