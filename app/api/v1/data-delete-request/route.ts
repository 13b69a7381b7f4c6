import { json, ok } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { fileDeletionRequest } from '@/lib/privacy/erasure/deletion-requests/file-deletion-request';
import { listDeletionRequests } from '@/lib/privacy/erasure/deletion-requests/list-deletion-requests';
import { FileDeletionRequestBody, ListDeletionRequestsQuery } from '@/lib/privacy/erasure/deletion-requests/schemas';

// POST /api/v1/data-delete-request – file an erasure request (spec 001): 201 new, 200 the one already open
export const POST = route({ role: 'EMPLOYEE', body: FileDeletionRequestBody }, async ({ tx, ctx, body }) => {
  const { request, reused } = await fileDeletionRequest(tx, ctx, body);
  return json(request, { status: reused ? 200 : 201, headers: { Location: `/api/v1/data-delete-request/${request.id}` } });
});

// GET /api/v1/data-delete-request – the caller's own requests; an ADMIN's, the organisation's
export const GET = route({ role: 'EMPLOYEE', query: ListDeletionRequestsQuery }, async ({ tx, ctx, query }) => ok(await listDeletionRequests(tx, ctx, query)));

export const PUT = methodNotAllowed(['GET', 'POST']);
export const PATCH = methodNotAllowed(['GET', 'POST']);
export const DELETE = methodNotAllowed(['GET', 'POST']);
