import { created, ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { createConversation } from '@/lib/records/conversations/create-conversation';
import { listConversations } from '@/lib/records/conversations/list-conversations';
import { CreateConversationBody, ListConversationsQuery } from '@/lib/records/conversations/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/conversations – the conversations the caller takes part in
  GET: route({ role: 'EMPLOYEE', query: ListConversationsQuery }, async ({ tx, ctx, query }) => ok(await listConversations(tx, ctx, query))),

  // POST /api/v1/conversations – start a conversation (health ones need the MEDICAL duty)
  POST: route({ role: 'EMPLOYEE', body: CreateConversationBody }, async ({ tx, ctx, body }) => {
    const conversation = await createConversation(tx, ctx, body);
    return created(conversation, `/api/v1/conversations/${conversation.id}`);
  }),
});
