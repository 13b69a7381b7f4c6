import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { getBackup } from '@/lib/privacy/backups/get-backup';
import * as backups from '@/lib/transport/operations/privacy/backups';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(backups.getBackup, async ({ tx, ctx, params }) => ok(await getBackup(tx, ctx, params.id))),
});
