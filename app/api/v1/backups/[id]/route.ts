import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { findBackupRow, toBackupDto } from '@/lib/privacy/backups/backup-store';
import * as backups from '@/lib/transport/operations/privacy/backups';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(backups.getBackup, async ({ tx, ctx, params }) => ok(toBackupDto(await findBackupRow(tx, ctx.organisationId, params.id)))),
});
