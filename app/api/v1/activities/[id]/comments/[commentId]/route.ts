import { deleteActivityComment } from '@/lib/records/activities/delete-activity-comment';
import { ActivityCommentIdParams } from '@/lib/records/activities/schemas';
import { noContent } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';

// DELETE /api/v1/activities/{id}/comments/{commentId} – the author's own, or moderation by a coach or an admin
export const DELETE = route({ role: 'EMPLOYEE', params: ActivityCommentIdParams }, async ({ tx, ctx, params }) => {
  await deleteActivityComment(tx, ctx, params.id, params.commentId);
  return noContent();
});

export const GET = methodNotAllowed(['DELETE']);
export const PUT = methodNotAllowed(['DELETE']);
export const POST = methodNotAllowed(['DELETE']);
export const PATCH = methodNotAllowed(['DELETE']);
