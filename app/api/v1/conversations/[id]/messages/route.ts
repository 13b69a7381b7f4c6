import { created, ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { listMessages } from '@/lib/records/conversations/list-messages';
import { postMessage } from '@/lib/records/conversations/post-message';
import * as conversations from '@/lib/transport/operations/records/conversations';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(conversations.listMessages, async ({ tx, ctx, params, query }) =>
    ok(await listMessages(tx, ctx, params.id, query)),
  ),

  POST: route(conversations.postMessage, async ({ tx, ctx, params, body }) => {
    const message = await postMessage(tx, ctx, params.id, body);
    return created(message, `/api/v1/conversations/${params.id}/messages/${message.id}`);
  }),
});
