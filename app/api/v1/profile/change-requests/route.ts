import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { listOwnChangeRequests } from '@/lib/people/profile/get-own-profile';
import { requestIdentityChange } from '@/lib/people/profile/request-identity-change';
import * as profile from '@/lib/transport/operations/people/profile';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(profile.listOwnChangeRequests, async ({ tx, ctx }) => ok({ data: await listOwnChangeRequests(tx, ctx) })),

  POST: route(profile.requestIdentityChange, async ({ tx, ctx, body }) => ok(await requestIdentityChange(tx, ctx, body))),
});
