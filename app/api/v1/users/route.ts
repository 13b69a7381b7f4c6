import { ok } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { listUsers } from '@/lib/people/users/list-users';
import { ListUsersQuery } from '@/lib/people/users/schemas';

// GET /api/v1/users – list the organisation's users (users appear by just-in-time provisioning)
export const GET = route({ role: 'ADMIN', query: ListUsersQuery }, async ({ tx, ctx, query }) => ok(await listUsers(tx, ctx, query)));

export const PUT = methodNotAllowed(['GET']);
export const POST = methodNotAllowed(['GET']);
export const PATCH = methodNotAllowed(['GET']);
export const DELETE = methodNotAllowed(['GET']);
