import { getActivity } from '@/lib/records/activities/get-activity';
import { ActivityIdParams, UpdateActivityBody } from '@/lib/records/activities/schemas';
import { updateActivity } from '@/lib/records/activities/update-activity';
import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/activities/{id} – an activity (the ADMIN role, the COACH duty, or its subject)
  GET: route({ role: 'EMPLOYEE', params: ActivityIdParams }, async ({ tx, ctx, params }) => ok(await getActivity(tx, ctx, params.id))),

  // PATCH /api/v1/activities/{id} – change an activity (the ADMIN role or the COACH duty)
  PATCH: route({ role: 'EMPLOYEE', params: ActivityIdParams, body: UpdateActivityBody }, async ({ tx, ctx, params, body }) =>
    ok(await updateActivity(tx, ctx, params.id, body)),
  ),
});
