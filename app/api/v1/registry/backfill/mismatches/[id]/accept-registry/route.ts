import { json } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { acceptRegistryValues } from '@/lib/registry/backfill/mismatches';
import { getRegistryAdapter } from '@/lib/registry/adapter/get-registry-adapter';
import * as registryBackfill from '@/lib/transport/operations/registry/backfill';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  POST: route(registryBackfill.acceptRegistryMismatch, async ({ tx, ctx, params }) => json(await acceptRegistryValues(tx, ctx, { id: params.id, registry: getRegistryAdapter() }))),
});
