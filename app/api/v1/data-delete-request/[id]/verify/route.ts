import { ok } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { DeletionRequestIdParams, VerifyDeletionRequestBody } from '@/lib/privacy/erasure/deletion-requests/schemas';
import { verifyDeletionRequest } from '@/lib/privacy/erasure/deletion-requests/verify-deletion-request';

// POST /api/v1/data-delete-request/{id}/verify – an ADMIN confirms the subject's identity; the erasure job takes over
export const POST = route({ role: 'ADMIN', params: DeletionRequestIdParams, body: VerifyDeletionRequestBody }, async ({ tx, ctx, params, body }) =>
  ok(await verifyDeletionRequest(tx, ctx, params.id, body)),
);

export const GET = methodNotAllowed(['POST']);
export const PUT = methodNotAllowed(['POST']);
export const PATCH = methodNotAllowed(['POST']);
export const DELETE = methodNotAllowed(['POST']);
