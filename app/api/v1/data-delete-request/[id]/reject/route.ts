import { ok } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { rejectDeletionRequest } from '@/lib/privacy/erasure/deletion-requests/reject-deletion-request';
import { DeletionRequestIdParams, RejectDeletionRequestBody } from '@/lib/privacy/erasure/deletion-requests/schemas';

// POST /api/v1/data-delete-request/{id}/reject – an ADMIN refuses a pending request; the subject is told why
export const POST = route({ role: 'ADMIN', params: DeletionRequestIdParams, body: RejectDeletionRequestBody }, async ({ tx, ctx, params, body }) =>
  ok(await rejectDeletionRequest(tx, ctx, params.id, body)),
);

export const GET = methodNotAllowed(['POST']);
export const PUT = methodNotAllowed(['POST']);
export const PATCH = methodNotAllowed(['POST']);
export const DELETE = methodNotAllowed(['POST']);
