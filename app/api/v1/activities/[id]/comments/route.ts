import { addActivityComment } from '@/lib/records/activities/add-activity-comment';
import { listActivityComments } from '@/lib/records/activities/list-activity-comments';
import { ActivityIdParams, CreateActivityCommentBody, ListActivityCommentsQuery } from '@/lib/records/activities/schemas';
import { created, ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/activities/{id}/comments – the comments, for whoever may read the activity
  GET: route({ role: 'EMPLOYEE', params: ActivityIdParams, query: ListActivityCommentsQuery }, async ({ tx, ctx, params, query }) =>
    ok(await listActivityComments(tx, ctx, params.id, query)),
  ),

  // POST /api/v1/activities/{id}/comments – comment as the caller's own person
  POST: route({ role: 'EMPLOYEE', params: ActivityIdParams, body: CreateActivityCommentBody }, async ({ tx, ctx, params, body }) => {
    const comment = await addActivityComment(tx, ctx, params.id, body);
    return created(comment, `/api/v1/activities/${params.id}/comments/${comment.id}`);
  }),
});
