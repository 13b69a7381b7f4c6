import { created, ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { listMessages } from '@/lib/records/conversations/list-messages';
import { postMessage } from '@/lib/records/conversations/post-message';
import { ConversationIdParams, ListMessagesQuery, PostMessageBody } from '@/lib/records/conversations/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/conversations/{id}/messages – the thread, oldest first (participants only)
  GET: route({ role: 'EMPLOYEE', params: ConversationIdParams, query: ListMessagesQuery }, async ({ tx, ctx, params, query }) =>
    ok(await listMessages(tx, ctx, params.id, query)),
  ),

  // POST /api/v1/conversations/{id}/messages – write a message (participants only)
  POST: route({ role: 'EMPLOYEE', params: ConversationIdParams, body: PostMessageBody }, async ({ tx, ctx, params, body }) => {
    const message = await postMessage(tx, ctx, params.id, body);
    return created(message, `/api/v1/conversations/${params.id}/messages/${message.id}`);
  }),
});
