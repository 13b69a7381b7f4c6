import { created, ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { createConversation } from '@/lib/records/conversations/create-conversation';
import { listConversations } from '@/lib/records/conversations/list-conversations';
import * as conversations from '@/lib/transport/operations/records/conversations';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(conversations.listConversations, async ({ tx, ctx, query }) => ok(await listConversations(tx, ctx, query))),

  POST: route(conversations.createConversation, async ({ tx, ctx, body }) => {
    const conversation = await createConversation(tx, ctx, body);
    return created(conversation, `/api/v1/conversations/${conversation.id}`);
  }),
});
