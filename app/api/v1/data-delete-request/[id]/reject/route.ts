import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { rejectDeletionRequest } from '@/lib/privacy/erasure/deletion-requests/reject-deletion-request';
import * as dataDeletion from '@/lib/transport/operations/privacy/data-deletion';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  POST: route(dataDeletion.rejectDataDeletionRequest, async ({ tx, ctx, params, body }) =>
    ok(await rejectDeletionRequest(tx, ctx, params.id, body)),
  ),
});
