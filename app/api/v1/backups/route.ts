import { json, ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { listBackups } from '@/lib/privacy/backups/list-backups';
import { requestBackup } from '@/lib/privacy/backups/request-backup';
import * as backups from '@/lib/transport/operations/privacy/backups';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(backups.listBackups, async ({ tx, ctx, query }) => ok(await listBackups(tx, ctx, query))),

  POST: route(backups.requestBackup, async ({ tx, ctx }) => {
    const backup = await requestBackup(tx, ctx);
    return json(backup, { status: 202, headers: { Location: `/api/v1/backups/${backup.id}` } });
  }),
});
