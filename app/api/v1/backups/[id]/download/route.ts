import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { downloadBackup } from '@/lib/privacy/backups/download-backup';
import { fileDownloadResponse } from '@/lib/transport/http/file-download';
import { BackupIdParams } from '@/lib/privacy/backups/schemas';

// GET /api/v1/backups/{id}/download – the gzipped JSON file of a READY backup
export const GET = route({ role: 'ADMIN', params: BackupIdParams }, async ({ tx, ctx, params }) => fileDownloadResponse(await downloadBackup(tx, ctx, params.id)));

export const PUT = methodNotAllowed(['GET']);
export const POST = methodNotAllowed(['GET']);
export const PATCH = methodNotAllowed(['GET']);
export const DELETE = methodNotAllowed(['GET']);
