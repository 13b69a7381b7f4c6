import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { UpdateUserBody, UserIdParams } from '@/lib/people/users/schemas';
import { updateUser } from '@/lib/people/users/update-user';
import { findUserRow, toUserDto } from '@/lib/people/users/user-store';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/users/{id} – user detail
  GET: route({ role: 'ADMIN', params: UserIdParams }, async ({ tx, ctx, params }) =>
    ok(toUserDto(await findUserRow(tx, ctx.organisationId, params.id))),
  ),

  // PATCH /api/v1/users/{id} – change role or isActive
  PATCH: route({ role: 'ADMIN', params: UserIdParams, body: UpdateUserBody }, async ({ tx, ctx, params, body }) =>
    ok(await updateUser(tx, ctx, params.id, body)),
  ),
});
