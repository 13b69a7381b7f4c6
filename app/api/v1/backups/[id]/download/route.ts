import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { downloadBackup } from '@/lib/privacy/backups/download-backup';
import { fileDownloadResponse } from '@/lib/transport/http/file-download';
import * as backups from '@/lib/transport/operations/privacy/backups';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(backups.downloadBackup, async ({ tx, ctx, params }) => fileDownloadResponse(await downloadBackup(tx, ctx, params.id))),
});
