import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { bulkMoveAssets } from '@/lib/lending/assets/bulk-move-assets';
import * as assets from '@/lib/transport/operations/lending/assets';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  POST: route(assets.bulkMoveAssets, async ({ tx, ctx, body }) => ok(await bulkMoveAssets(tx, ctx, body))),
});
