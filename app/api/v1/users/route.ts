import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { listUsers } from '@/lib/people/users/list-users';
import * as users from '@/lib/transport/operations/people/users';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(users.listUsers, async ({ tx, ctx, query }) => ok(await listUsers(tx, ctx, query))),
});
