import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { listOwnChangeRequests } from '@/lib/people/profile/get-own-profile';
import { requestIdentityChange } from '@/lib/people/profile/request-identity-change';
import { RequestIdentityChangeBody } from '@/lib/people/profile/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/profile/change-requests – the caller's identity change requests, oldest first
  GET: route({ role: 'EMPLOYEE' }, async ({ tx, ctx }) => ok({ data: await listOwnChangeRequests(tx, ctx) })),

  // POST /api/v1/profile/change-requests – ask for an identity field to be changed (creates or updates the open request)
  POST: route({ role: 'EMPLOYEE', body: RequestIdentityChangeBody }, async ({ tx, ctx, body }) => ok(await requestIdentityChange(tx, ctx, body))),
});
