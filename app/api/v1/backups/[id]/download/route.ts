import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { downloadBackup } from '@/lib/privacy/backups/download-backup';
import { fileDownloadResponse } from '@/lib/transport/http/file-download';
import { BackupIdParams } from '@/lib/privacy/backups/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/backups/{id}/download – the gzipped JSON file of a READY backup
  GET: route({ role: 'ADMIN', params: BackupIdParams }, async ({ tx, ctx, params }) => fileDownloadResponse(await downloadBackup(tx, ctx, params.id))),
});
