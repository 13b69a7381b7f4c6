import { addActivityComment } from '@/lib/activities/add-activity-comment';
import { listActivityComments } from '@/lib/activities/list-activity-comments';
import { ActivityIdParams, CreateActivityCommentBody, ListActivityCommentsQuery } from '@/lib/activities/schemas';
import { created, ok } from '@/lib/api/responses';
import { methodNotAllowed, route } from '@/lib/api/route';

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
