import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { getAssetPhoto } from '@/lib/lending/assets/get-asset-photo';
import { findAssetRow } from '@/lib/lending/assets/get-asset';
import { photoResponse } from '@/lib/lending/assets/photo-response';
import { AssetIdParams } from '@/lib/lending/assets/schemas';

// GET /api/v1/assets/{id}/photo – the uploaded photo of an asset (PNG, JPEG or WebP)
export const GET = route({ role: 'EMPLOYEE', params: AssetIdParams }, async ({ request, tx, ctx, params }) => {
  await findAssetRow(tx, ctx, params.id);
  return photoResponse(request, await getAssetPhoto(tx, ctx, params.id));
});

export const PUT = methodNotAllowed(['GET']);
export const POST = methodNotAllowed(['GET']);
export const PATCH = methodNotAllowed(['GET']);
export const DELETE = methodNotAllowed(['GET']);
