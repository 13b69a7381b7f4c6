import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { findBackupRow, toBackupDto } from '@/lib/privacy/backups/backup-store';
import { BackupIdParams } from '@/lib/privacy/backups/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/backups/{id} – status, size and times of one backup
  GET: route({ role: 'ADMIN', params: BackupIdParams }, async ({ tx, ctx, params }) => ok(toBackupDto(await findBackupRow(tx, ctx.organisationId, params.id)))),
});
