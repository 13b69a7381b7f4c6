import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { verifyDeletionRequest } from '@/lib/privacy/erasure/deletion-requests/verify-deletion-request';
import * as dataDeletion from '@/lib/transport/operations/privacy/data-deletion';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  POST: route(dataDeletion.verifyDataDeletionRequest, async ({ tx, ctx, params, body }) =>
    ok(await verifyDeletionRequest(tx, ctx, params.id, body)),
  ),
});
