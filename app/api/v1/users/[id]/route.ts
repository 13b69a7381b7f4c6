import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { getUser } from '@/lib/people/users/get-user';
import { updateUser } from '@/lib/people/users/update-user';
import * as users from '@/lib/transport/operations/people/users';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(users.getUser, async ({ tx, ctx, params }) =>
    ok(await getUser(tx, ctx, params.id)),
  ),

  PATCH: route(users.updateUser, async ({ tx, ctx, params, body }) =>
    ok(await updateUser(tx, ctx, params.id, body)),
  ),
});
