import { json } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { listSyncPersons } from '@/lib/registry/sync-admin/list-sync-persons';
import * as registrySync from '@/lib/transport/operations/registry/sync';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(registrySync.listRegistrySyncPersons, async ({ tx, ctx, query }) => json(await listSyncPersons(tx, ctx, query))),
});
