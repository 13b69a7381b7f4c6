import { json } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { listSyncConflicts } from '@/lib/registry/conflicts/list-sync-conflicts';
import * as registrySync from '@/lib/transport/operations/registry/sync';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(registrySync.listRegistrySyncConflicts, async ({ tx, ctx, query }) => json(await listSyncConflicts(tx, ctx, query))),
});
