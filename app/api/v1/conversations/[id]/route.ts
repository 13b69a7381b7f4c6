import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { getConversation } from '@/lib/records/conversations/get-conversation';
import { updateConversation } from '@/lib/records/conversations/update-conversation';
import * as conversations from '@/lib/transport/operations/records/conversations';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(conversations.getConversation, async ({ tx, ctx, params }) => ok(await getConversation(tx, ctx, params.id))),

  PATCH: route(conversations.updateConversation, async ({ tx, ctx, params, body }) =>
    ok(await updateConversation(tx, ctx, params.id, body)),
  ),
});
