import { addActivityComment } from '@/lib/records/activities/add-activity-comment';
import { listActivityComments } from '@/lib/records/activities/list-activity-comments';
import { created, ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import * as activities from '@/lib/transport/operations/records/activities';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(activities.listActivityComments, async ({ tx, ctx, params, query }) =>
    ok(await listActivityComments(tx, ctx, params.id, query)),
  ),

  POST: route(activities.addActivityComment, async ({ tx, ctx, params, body }) => {
    const comment = await addActivityComment(tx, ctx, params.id, body);
    return created(comment, `/api/v1/activities/${params.id}/comments/${comment.id}`);
  }),
});
