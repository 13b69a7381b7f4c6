import { ok } from '@/lib/api/responses';
import { methodNotAllowed, route } from '@/lib/api/route';
import { bulkMoveAssets } from '@/lib/assets/bulk-move-assets';
import { BulkMoveAssetsBody } from '@/lib/assets/schemas';

// POST /api/v1/assets/bulk-move – move many assets to one location, all or nothing
export const POST = route({ role: 'ASSET_MANAGER', body: BulkMoveAssetsBody }, async ({ tx, ctx, body }) => ok(await bulkMoveAssets(tx, ctx, body)));

export const GET = methodNotAllowed(['POST']);
export const PUT = methodNotAllowed(['POST']);
export const PATCH = methodNotAllowed(['POST']);
export const DELETE = methodNotAllowed(['POST']);
