import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { AssetFilter } from '@/lib/lending/assets/schemas';
import { startAssetsExport } from '@/lib/lending/assets/start-assets-export';
import { streamAssetsExport } from '@/lib/lending/assets/stream-assets-export';
import { fileDownloadResponse } from '@/lib/transport/http/file-download';

// GET /api/v1/assets/export.csv – the whole filtered set as CSV, streamed (a full inventory dump: ASSET_MANAGER and up)
export const GET = route({ role: 'ASSET_MANAGER', query: AssetFilter }, async ({ tx, ctx, query }) =>
  fileDownloadResponse(streamAssetsExport(await startAssetsExport(tx, ctx, query, 'csv'))),
);

export const POST = methodNotAllowed(['GET']);
export const PUT = methodNotAllowed(['GET']);
export const PATCH = methodNotAllowed(['GET']);
export const DELETE = methodNotAllowed(['GET']);
