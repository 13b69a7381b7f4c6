import { deleteActivityComment } from '@/lib/records/activities/delete-activity-comment';
import { noContent } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import * as activities from '@/lib/transport/operations/records/activities';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  DELETE: route(activities.deleteActivityComment, async ({ tx, ctx, params }) => {
    await deleteActivityComment(tx, ctx, params.id, params.commentId);
    return noContent();
  }),
});
