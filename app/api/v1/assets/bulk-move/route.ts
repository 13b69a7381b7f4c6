import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { bulkMoveAssets } from '@/lib/lending/assets/bulk-move-assets';
import { BulkMoveAssetsBody } from '@/lib/lending/assets/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // POST /api/v1/assets/bulk-move – move many assets to one location, all or nothing
  POST: route({ role: 'ASSET_MANAGER', body: BulkMoveAssetsBody }, async ({ tx, ctx, body }) => ok(await bulkMoveAssets(tx, ctx, body))),
});
