import { created, ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { createAsset } from '@/lib/lending/assets/create-asset';
import { listAssets } from '@/lib/lending/assets/list-assets';
import { CreateAssetBody, ListAssetsQuery } from '@/lib/lending/assets/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/assets – list the tenant's assets (filters, search, keyset pages)
  GET: route({ role: 'EMPLOYEE', query: ListAssetsQuery }, async ({ tx, ctx, query }) => ok(await listAssets(tx, ctx, query))),

  // POST /api/v1/assets – create an asset
  POST: route({ role: 'ASSET_MANAGER', body: CreateAssetBody }, async ({ tx, ctx, body }) => {
    const asset = await createAsset(tx, ctx, body);
    return created(asset, `/api/v1/assets/${asset.id}`);
  }),
});
