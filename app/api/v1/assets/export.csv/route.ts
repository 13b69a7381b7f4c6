import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { startAssetsExport } from '@/lib/lending/assets/start-assets-export';
import { streamAssetsExport } from '@/lib/lending/assets/stream-assets-export';
import { fileDownloadResponse } from '@/lib/transport/http/file-download';
import * as assets from '@/lib/transport/operations/lending/assets';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(assets.exportAssetsCsv, async ({ tx, ctx, query }) =>
    fileDownloadResponse(streamAssetsExport(await startAssetsExport(tx, ctx, query, 'csv'))),
  ),
});
