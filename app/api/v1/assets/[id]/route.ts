import { noContent, ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { deleteAsset } from '@/lib/lending/assets/delete-asset';
import { findAssetRow } from '@/lib/lending/assets/get-asset';
import { AssetIdParams, UpdateAssetBody } from '@/lib/lending/assets/schemas';
import { toAssetDto } from '@/lib/lending/assets/to-asset-dto';
import { updateAsset } from '@/lib/lending/assets/update-asset';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/assets/{id} – asset detail
  GET: route({ role: 'EMPLOYEE', params: AssetIdParams }, async ({ tx, ctx, params }) =>
    ok(toAssetDto(await findAssetRow(tx, ctx, params.id))),
  ),

  // PATCH /api/v1/assets/{id} – partial update
  PATCH: route({ role: 'ASSET_MANAGER', params: AssetIdParams, body: UpdateAssetBody }, async ({ tx, ctx, params, body }) =>
    ok(await updateAsset(tx, ctx, params.id, body)),
  ),

  // DELETE /api/v1/assets/{id} – delete an asset
  DELETE: route({ role: 'ADMIN', params: AssetIdParams }, async ({ tx, ctx, params }) => {
    await deleteAsset(tx, ctx, params.id);
    return noContent();
  }),
});
