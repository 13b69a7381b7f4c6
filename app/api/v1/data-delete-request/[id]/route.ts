import { ok } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { getDeletionRequest } from '@/lib/privacy/erasure/deletion-requests/list-deletion-requests';
import { DeletionRequestIdParams } from '@/lib/privacy/erasure/deletion-requests/schemas';

// GET /api/v1/data-delete-request/{id} – one erasure request, with its deadlines and progress
export const GET = route({ role: 'EMPLOYEE', params: DeletionRequestIdParams }, async ({ tx, ctx, params }) => ok(await getDeletionRequest(tx, ctx, params.id)));

export const PUT = methodNotAllowed(['GET']);
export const POST = methodNotAllowed(['GET']);
export const PATCH = methodNotAllowed(['GET']);
export const DELETE = methodNotAllowed(['GET']);
