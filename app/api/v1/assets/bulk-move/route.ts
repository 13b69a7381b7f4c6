import { ok } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { bulkMoveAssets } from '@/lib/lending/assets/bulk-move-assets';
import { BulkMoveAssetsBody } from '@/lib/lending/assets/schemas';

// POST /api/v1/assets/bulk-move – move many assets to one location, all or nothing
export const POST = route({ role: 'ASSET_MANAGER', body: BulkMoveAssetsBody }, async ({ tx, ctx, body }) => ok(await bulkMoveAssets(tx, ctx, body)));

export const GET = methodNotAllowed(['POST']);
export const PUT = methodNotAllowed(['POST']);
export const PATCH = methodNotAllowed(['POST']);
export const DELETE = methodNotAllowed(['POST']);
