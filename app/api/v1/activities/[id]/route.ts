import { getActivity } from '@/lib/records/activities/get-activity';
import { updateActivity } from '@/lib/records/activities/update-activity';
import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import * as activities from '@/lib/transport/operations/records/activities';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(activities.getActivity, async ({ tx, ctx, params }) => ok(await getActivity(tx, ctx, params.id))),

  PATCH: route(activities.updateActivity, async ({ tx, ctx, params, body }) =>
    ok(await updateActivity(tx, ctx, params.id, body)),
  ),
});
