import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { rejectDeletionRequest } from '@/lib/privacy/erasure/deletion-requests/reject-deletion-request';
import { DeletionRequestIdParams, RejectDeletionRequestBody } from '@/lib/privacy/erasure/deletion-requests/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // POST /api/v1/data-delete-request/{id}/reject – an ADMIN refuses a pending request; the subject is told why
  POST: route({ role: 'ADMIN', params: DeletionRequestIdParams, body: RejectDeletionRequestBody }, async ({ tx, ctx, params, body }) =>
    ok(await rejectDeletionRequest(tx, ctx, params.id, body)),
  ),
});
