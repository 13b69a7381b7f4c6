import { created, ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { createAsset } from '@/lib/lending/assets/create-asset';
import { listAssets } from '@/lib/lending/assets/list-assets';
import * as assets from '@/lib/transport/operations/lending/assets';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(assets.listAssets, async ({ tx, ctx, query }) => ok(await listAssets(tx, ctx, query))),

  POST: route(assets.createAsset, async ({ tx, ctx, body }) => {
    const asset = await createAsset(tx, ctx, body);
    return created(asset, `/api/v1/assets/${asset.id}`);
  }),
});
