import { created, ok } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { listMessages } from '@/lib/records/conversations/list-messages';
import { postMessage } from '@/lib/records/conversations/post-message';
import { ConversationIdParams, ListMessagesQuery, PostMessageBody } from '@/lib/records/conversations/schemas';

// GET /api/v1/conversations/{id}/messages – the thread, oldest first (participants only)
export const GET = route({ role: 'EMPLOYEE', params: ConversationIdParams, query: ListMessagesQuery }, async ({ tx, ctx, params, query }) =>
  ok(await listMessages(tx, ctx, params.id, query)),
);

// POST /api/v1/conversations/{id}/messages – write a message (participants only)
export const POST = route({ role: 'EMPLOYEE', params: ConversationIdParams, body: PostMessageBody }, async ({ tx, ctx, params, body }) => {
  const message = await postMessage(tx, ctx, params.id, body);
  return created(message, `/api/v1/conversations/${params.id}/messages/${message.id}`);
});

export const PUT = methodNotAllowed(['GET', 'POST']);
export const PATCH = methodNotAllowed(['GET', 'POST']);
export const DELETE = methodNotAllowed(['GET', 'POST']);
