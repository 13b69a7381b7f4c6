import { ok } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { listOwnChangeRequests } from '@/lib/people/profile/get-own-profile';
import { requestIdentityChange } from '@/lib/people/profile/request-identity-change';
import { RequestIdentityChangeBody } from '@/lib/people/profile/schemas';

// GET /api/v1/profile/change-requests – the caller's identity change requests, oldest first
export const GET = route({ role: 'EMPLOYEE' }, async ({ tx, ctx }) => ok({ data: await listOwnChangeRequests(tx, ctx) }));

// POST /api/v1/profile/change-requests – ask for an identity field to be changed (creates or updates the open request)
export const POST = route({ role: 'EMPLOYEE', body: RequestIdentityChangeBody }, async ({ tx, ctx, body }) => ok(await requestIdentityChange(tx, ctx, body)));

export const PUT = methodNotAllowed(['GET', 'POST']);
export const PATCH = methodNotAllowed(['GET', 'POST']);
export const DELETE = methodNotAllowed(['GET', 'POST']);
