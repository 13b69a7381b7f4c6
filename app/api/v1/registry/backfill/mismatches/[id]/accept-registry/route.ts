import { json } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { acceptRegistryValues } from '@/lib/registry/backfill/mismatches';
import { MismatchIdParams } from '@/lib/registry/backfill/schemas';
import { getRegistryAdapter } from '@/lib/registry/adapter/get-registry-adapter';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // POST /api/v1/registry/backfill/mismatches/{id}/accept-registry – take the registry's values (merged, audited)
  POST: route({ role: 'ADMIN', params: MismatchIdParams }, async ({ tx, ctx, params }) => json(await acceptRegistryValues(tx, ctx, { id: params.id, registry: getRegistryAdapter() }))),
});
