import { addActivityComment } from '@/lib/records/activities/add-activity-comment';
import { listActivityComments } from '@/lib/records/activities/list-activity-comments';
import { ActivityIdParams, CreateActivityCommentBody, ListActivityCommentsQuery } from '@/lib/records/activities/schemas';
import { created, ok } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';

// GET /api/v1/activities/{id}/comments – the comments, for whoever may read the activity
export const GET = route({ role: 'EMPLOYEE', params: ActivityIdParams, query: ListActivityCommentsQuery }, async ({ tx, ctx, params, query }) =>
  ok(await listActivityComments(tx, ctx, params.id, query)),
);

// POST /api/v1/activities/{id}/comments – comment as the caller's own person
export const POST = route({ role: 'EMPLOYEE', params: ActivityIdParams, body: CreateActivityCommentBody }, async ({ tx, ctx, params, body }) => {
  const comment = await addActivityComment(tx, ctx, params.id, body);
  return created(comment, `/api/v1/activities/${params.id}/comments/${comment.id}`);
});

export const PUT = methodNotAllowed(['GET', 'POST']);
export const PATCH = methodNotAllowed(['GET', 'POST']);
export const DELETE = methodNotAllowed(['GET', 'POST']);
