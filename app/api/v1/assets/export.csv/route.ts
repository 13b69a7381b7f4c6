import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { AssetFilter } from '@/lib/lending/assets/schemas';
import { startAssetsExport } from '@/lib/lending/assets/start-assets-export';
import { streamAssetsExport } from '@/lib/lending/assets/stream-assets-export';
import { fileDownloadResponse } from '@/lib/transport/http/file-download';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/assets/export.csv – the whole filtered set as CSV, streamed (a full inventory dump: ASSET_MANAGER and up)
  GET: route({ role: 'ASSET_MANAGER', query: AssetFilter }, async ({ tx, ctx, query }) =>
    fileDownloadResponse(streamAssetsExport(await startAssetsExport(tx, ctx, query, 'csv'))),
  ),
});
