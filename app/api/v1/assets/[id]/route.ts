import { noContent, ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { deleteAsset } from '@/lib/lending/assets/delete-asset';
import { getAsset } from '@/lib/lending/assets/get-asset';
import { updateAsset } from '@/lib/lending/assets/update-asset';
import * as assets from '@/lib/transport/operations/lending/assets';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(assets.getAsset, async ({ tx, ctx, params }) =>
    ok(await getAsset(tx, ctx, params.id)),
  ),

  PATCH: route(assets.updateAsset, async ({ tx, ctx, params, body }) =>
    ok(await updateAsset(tx, ctx, params.id, body)),
  ),

  DELETE: route(assets.deleteAsset, async ({ tx, ctx, params }) => {
    await deleteAsset(tx, ctx, params.id);
    return noContent();
  }),
});
