import { json, ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { fileDeletionRequest } from '@/lib/privacy/erasure/deletion-requests/file-deletion-request';
import { listDeletionRequests } from '@/lib/privacy/erasure/deletion-requests/list-deletion-requests';
import * as dataDeletion from '@/lib/transport/operations/privacy/data-deletion';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(dataDeletion.listDataDeletionRequests, async ({ tx, ctx, query }) => ok(await listDeletionRequests(tx, ctx, query))),

  POST: route(dataDeletion.fileDataDeletionRequest, async ({ tx, ctx, body }) => {
    const { request, reused } = await fileDeletionRequest(tx, ctx, body);
    return json(request, { status: reused ? 200 : 201, headers: { Location: `/api/v1/data-delete-request/${request.id}` } });
  }),
});
