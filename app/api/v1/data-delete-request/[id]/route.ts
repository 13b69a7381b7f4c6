import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { getDeletionRequest } from '@/lib/privacy/erasure/deletion-requests/list-deletion-requests';
import * as dataDeletion from '@/lib/transport/operations/privacy/data-deletion';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(dataDeletion.getDataDeletionRequest, async ({ tx, ctx, params }) => ok(await getDeletionRequest(tx, ctx, params.id))),
});
