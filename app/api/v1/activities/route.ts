import { createActivity } from '@/lib/records/activities/create-activity';
import { listActivities } from '@/lib/records/activities/list-activities';
import { CreateActivityBody, ListActivitiesQuery } from '@/lib/records/activities/schemas';
import { created, ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { getActivity } from '@/lib/records/activities/get-activity';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/activities – activities (the ADMIN role or the COACH duty), or the caller's own with personId=me
  GET: route({ role: 'EMPLOYEE', query: ListActivitiesQuery }, async ({ tx, ctx, query }) => ok(await listActivities(tx, ctx, query))),

  // POST /api/v1/activities – record an activity for a person (the ADMIN role or the COACH duty)
  POST: route({ role: 'EMPLOYEE', body: CreateActivityBody, readBack: getActivity }, async ({ tx, ctx, body }) => {
    const activity = await createActivity(tx, ctx, body);
    return created(activity, `/api/v1/activities/${activity.id}`);
  }),
});
