import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { updateUser } from '@/lib/people/users/update-user';
import { findUserRow, toUserDto } from '@/lib/people/users/user-store';
import * as users from '@/lib/transport/operations/people/users';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(users.getUser, async ({ tx, ctx, params }) =>
    ok(toUserDto(await findUserRow(tx, ctx.organisationId, params.id))),
  ),

  PATCH: route(users.updateUser, async ({ tx, ctx, params, body }) =>
    ok(await updateUser(tx, ctx, params.id, body)),
  ),
});
