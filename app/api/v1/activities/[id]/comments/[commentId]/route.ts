import { deleteActivityComment } from '@/lib/activities/delete-activity-comment';
import { ActivityCommentIdParams } from '@/lib/activities/schemas';
import { noContent } from '@/lib/api/responses';
import { methodNotAllowed, route } from '@/lib/api/route';

// DELETE /api/v1/activities/{id}/comments/{commentId} – the author's own, or moderation by a coach or an admin
export const DELETE = route({ role: 'EMPLOYEE', params: ActivityCommentIdParams }, async ({ tx, ctx, params }) => {
  await deleteActivityComment(tx, ctx, params.id, params.commentId);
  return noContent();
});

export const GET = methodNotAllowed(['DELETE']);
export const PUT = methodNotAllowed(['DELETE']);
export const POST = methodNotAllowed(['DELETE']);
export const PATCH = methodNotAllowed(['DELETE']);
