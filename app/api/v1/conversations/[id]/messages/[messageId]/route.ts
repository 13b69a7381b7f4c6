import { noContent } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { deleteMessage } from '@/lib/records/conversations/delete-message';
import * as conversations from '@/lib/transport/operations/records/conversations';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  DELETE: route(conversations.deleteMessage, async ({ tx, ctx, params }) => {
    await deleteMessage(tx, ctx, params.id, params.messageId);
    return noContent();
  }),
});
