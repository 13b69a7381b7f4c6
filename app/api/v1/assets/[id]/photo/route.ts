import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { getAssetPhoto } from '@/lib/lending/assets/get-asset-photo';
import { findAssetRow } from '@/lib/lending/assets/get-asset';
import { photoResponse } from '@/lib/lending/assets/photo-response';
import * as assets from '@/lib/transport/operations/lending/assets';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(assets.getAssetPhoto, async ({ request, tx, ctx, params }) => {
    await findAssetRow(tx, ctx, params.id);
    return photoResponse(request, await getAssetPhoto(tx, ctx, params.id));
  }),
});
