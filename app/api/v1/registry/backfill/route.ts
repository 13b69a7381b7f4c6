import { json } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { getConfig } from '@/lib/platform/config';
import { getBackfillStatus } from '@/lib/registry/backfill/backfill-status';
import { requestBackfill } from '@/lib/registry/backfill/request-backfill';
import { getRegistryAdapter } from '@/lib/registry/adapter/get-registry-adapter';
import * as registryBackfill from '@/lib/transport/operations/registry/backfill';

const registryState = () => ({ configured: getRegistryAdapter() !== null, url: getConfig().REGISTRY_URL });

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(registryBackfill.getRegistryBackfill, async ({ tx, ctx }) => json(await getBackfillStatus(tx, ctx, registryState()))),

  POST: route(registryBackfill.startRegistryBackfill, async ({ tx, ctx }) => {
    await requestBackfill(tx, ctx, registryState().configured);
    return json(await getBackfillStatus(tx, ctx, registryState()), { status: 202, headers: { Location: '/api/v1/registry/backfill' } });
  }),
});
