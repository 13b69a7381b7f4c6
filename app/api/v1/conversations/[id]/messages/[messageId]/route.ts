import { noContent } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { deleteMessage } from '@/lib/records/conversations/delete-message';
import { MessageIdParams } from '@/lib/records/conversations/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // DELETE /api/v1/conversations/{id}/messages/{messageId} – the author's own, or moderation by an ADMIN
  DELETE: route({ role: 'EMPLOYEE', params: MessageIdParams }, async ({ tx, ctx, params }) => {
    await deleteMessage(tx, ctx, params.id, params.messageId);
    return noContent();
  }),
});
