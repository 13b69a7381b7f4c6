import { deleteActivityComment } from '@/lib/records/activities/delete-activity-comment';
import { ActivityCommentIdParams } from '@/lib/records/activities/schemas';
import { noContent } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // DELETE /api/v1/activities/{id}/comments/{commentId} – the author's own, or moderation by a coach or an admin
  DELETE: route({ role: 'EMPLOYEE', params: ActivityCommentIdParams }, async ({ tx, ctx, params }) => {
    await deleteActivityComment(tx, ctx, params.id, params.commentId);
    return noContent();
  }),
});
