import { createActivity } from '@/lib/records/activities/create-activity';
import { listActivities } from '@/lib/records/activities/list-activities';
import { created, ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import * as activities from '@/lib/transport/operations/records/activities';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(activities.listActivities, async ({ tx, ctx, query }) => ok(await listActivities(tx, ctx, query))),

  POST: route(activities.createActivity, async ({ tx, ctx, body }) => {
    const activity = await createActivity(tx, ctx, body);
    return created(activity, `/api/v1/activities/${activity.id}`);
  }),
});
