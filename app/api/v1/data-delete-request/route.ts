import { json, ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { fileDeletionRequest } from '@/lib/privacy/erasure/deletion-requests/file-deletion-request';
import { listDeletionRequests } from '@/lib/privacy/erasure/deletion-requests/list-deletion-requests';
import { FileDeletionRequestBody, ListDeletionRequestsQuery } from '@/lib/privacy/erasure/deletion-requests/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/data-delete-request – the caller's own requests; an ADMIN's, the organisation's
  GET: route({ role: 'EMPLOYEE', query: ListDeletionRequestsQuery }, async ({ tx, ctx, query }) => ok(await listDeletionRequests(tx, ctx, query))),

  // POST /api/v1/data-delete-request – file an erasure request (spec 001): 201 new, 200 the one already open
  POST: route({ role: 'EMPLOYEE', body: FileDeletionRequestBody }, async ({ tx, ctx, body }) => {
    const { request, reused } = await fileDeletionRequest(tx, ctx, body);
    return json(request, { status: reused ? 200 : 201, headers: { Location: `/api/v1/data-delete-request/${request.id}` } });
  }),
});
