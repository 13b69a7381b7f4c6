import { json } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { listMismatches } from '@/lib/registry/backfill/mismatches';
import * as registryBackfill from '@/lib/transport/operations/registry/backfill';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(registryBackfill.listRegistryMismatches, async ({ tx, ctx, query }) => json(await listMismatches(tx, ctx, query))),
});
