import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { getPerson } from '@/lib/people/persons/get-person';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/persons/me – the caller's own person, national identifier included
  GET: route({ role: 'EMPLOYEE' }, async ({ tx, ctx }) => ok(await getPerson(tx, ctx, ctx.user.personId))),
});
