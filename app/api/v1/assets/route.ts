import { created, ok } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { createAsset } from '@/lib/lending/assets/create-asset';
import { listAssets } from '@/lib/lending/assets/list-assets';
import { CreateAssetBody, ListAssetsQuery } from '@/lib/lending/assets/schemas';

// GET /api/v1/assets – list the tenant's assets (filters, search, keyset pages)
export const GET = route({ role: 'EMPLOYEE', query: ListAssetsQuery }, async ({ tx, ctx, query }) => ok(await listAssets(tx, ctx, query)));

// POST /api/v1/assets – create an asset
export const POST = route({ role: 'ASSET_MANAGER', body: CreateAssetBody }, async ({ tx, ctx, body }) => {
  const asset = await createAsset(tx, ctx, body);
  return created(asset, `/api/v1/assets/${asset.id}`);
});

export const PUT = methodNotAllowed(['GET', 'POST']);
export const PATCH = methodNotAllowed(['GET', 'POST']);
export const DELETE = methodNotAllowed(['GET', 'POST']);
