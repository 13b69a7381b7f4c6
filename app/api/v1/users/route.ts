import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { listUsers } from '@/lib/people/users/list-users';
import { ListUsersQuery } from '@/lib/people/users/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/users – list the organisation's users (users appear by just-in-time provisioning)
  GET: route({ role: 'ADMIN', query: ListUsersQuery }, async ({ tx, ctx, query }) => ok(await listUsers(tx, ctx, query))),
});
