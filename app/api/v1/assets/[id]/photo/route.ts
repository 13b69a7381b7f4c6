import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { getAssetPhoto } from '@/lib/lending/assets/get-asset-photo';
import { findAssetRow } from '@/lib/lending/assets/get-asset';
import { photoResponse } from '@/lib/lending/assets/photo-response';
import { AssetIdParams } from '@/lib/lending/assets/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/assets/{id}/photo – the uploaded photo of an asset (PNG, JPEG or WebP)
  GET: route({ role: 'EMPLOYEE', params: AssetIdParams }, async ({ request, tx, ctx, params }) => {
    await findAssetRow(tx, ctx, params.id);
    return photoResponse(request, await getAssetPhoto(tx, ctx, params.id));
  }),
});
