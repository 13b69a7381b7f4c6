import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { getDeletionRequest } from '@/lib/privacy/erasure/deletion-requests/list-deletion-requests';
import { DeletionRequestIdParams } from '@/lib/privacy/erasure/deletion-requests/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/data-delete-request/{id} – one erasure request, with its deadlines and progress
  GET: route({ role: 'EMPLOYEE', params: DeletionRequestIdParams }, async ({ tx, ctx, params }) => ok(await getDeletionRequest(tx, ctx, params.id))),
});
