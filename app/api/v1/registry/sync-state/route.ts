import { json } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { getSyncState } from '@/lib/registry/sync-admin/get-sync-state';
import * as registrySync from '@/lib/transport/operations/registry/sync';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(registrySync.getRegistrySyncState, async ({ tx, ctx }) => json(await getSyncState(tx, ctx))),
});
