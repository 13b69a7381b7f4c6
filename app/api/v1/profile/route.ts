import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { getOwnProfile } from '@/lib/people/profile/get-own-profile';
import { updateOwnProfile } from '@/lib/people/profile/update-own-profile';
import * as profile from '@/lib/transport/operations/people/profile';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(profile.getOwnProfile, async ({ tx, ctx }) => ok(await getOwnProfile(tx, ctx))),

  PATCH: route(profile.updateOwnProfile, async ({ tx, ctx, body }) => ok(await updateOwnProfile(tx, ctx, body))),
});
