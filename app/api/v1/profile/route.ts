import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { getOwnProfile } from '@/lib/people/profile/get-own-profile';
import { UpdateOwnProfileBody } from '@/lib/people/profile/schemas';
import { updateOwnProfile } from '@/lib/people/profile/update-own-profile';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/profile – the caller's own profile with open change requests
  GET: route({ role: 'EMPLOYEE' }, async ({ tx, ctx }) => ok(await getOwnProfile(tx, ctx))),

  // PATCH /api/v1/profile – change the caller's contact details, language, notification preferences or restriction
  PATCH: route({ role: 'EMPLOYEE', body: UpdateOwnProfileBody }, async ({ tx, ctx, body }) => ok(await updateOwnProfile(tx, ctx, body))),
});
