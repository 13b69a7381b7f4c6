import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { DeletionRequestIdParams, VerifyDeletionRequestBody } from '@/lib/privacy/erasure/deletion-requests/schemas';
import { verifyDeletionRequest } from '@/lib/privacy/erasure/deletion-requests/verify-deletion-request';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // POST /api/v1/data-delete-request/{id}/verify – an ADMIN confirms the subject's identity; the erasure job takes over
  POST: route({ role: 'ADMIN', params: DeletionRequestIdParams, body: VerifyDeletionRequestBody }, async ({ tx, ctx, params, body }) =>
    ok(await verifyDeletionRequest(tx, ctx, params.id, body)),
  ),
});
