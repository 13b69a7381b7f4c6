import { json } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { getConfig } from '@/lib/platform/config';
import { getBackfillStatus } from '@/lib/registry/backfill/backfill-status';
import { requestBackfill } from '@/lib/registry/backfill/request-backfill';
import { getRegistryAdapter } from '@/lib/registry/adapter/get-registry-adapter';

const registryState = () => ({ configured: getRegistryAdapter() !== null, url: getConfig().REGISTRY_URL });

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/registry/backfill – the phase and the initial backfill's status, progress and counts (spec 002)
  GET: route({ role: 'ADMIN' }, async ({ tx, ctx }) => json(await getBackfillStatus(tx, ctx, registryState()))),

  // POST /api/v1/registry/backfill – start or resume the initial backfill: 202, the job runs it
  POST: route({ role: 'ADMIN' }, async ({ tx, ctx }) => {
    await requestBackfill(tx, ctx, registryState().configured);
    return json(await getBackfillStatus(tx, ctx, registryState()), { status: 202, headers: { Location: '/api/v1/registry/backfill' } });
  }),
});
