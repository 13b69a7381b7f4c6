import { json, ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { listBackups } from '@/lib/privacy/backups/list-backups';
import { requestBackup } from '@/lib/privacy/backups/request-backup';
import { ListBackupsQuery } from '@/lib/privacy/backups/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/backups – list the organisation's backups, newest first
  GET: route({ role: 'ADMIN', query: ListBackupsQuery }, async ({ tx, ctx, query }) => ok(await listBackups(tx, ctx, query))),

  // POST /api/v1/backups – request a backup; the create-backups job makes it
  POST: route({ role: 'ADMIN' }, async ({ tx, ctx }) => {
    const backup = await requestBackup(tx, ctx);
    return json(backup, { status: 202, headers: { Location: `/api/v1/backups/${backup.id}` } });
  }),
});
