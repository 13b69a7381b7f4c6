import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { getConversation } from '@/lib/records/conversations/get-conversation';
import { ConversationIdParams, UpdateConversationBody } from '@/lib/records/conversations/schemas';
import { updateConversation } from '@/lib/records/conversations/update-conversation';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/conversations/{id} – a conversation (participants only)
  GET: route({ role: 'EMPLOYEE', params: ConversationIdParams }, async ({ tx, ctx, params }) => ok(await getConversation(tx, ctx, params.id))),

  // PATCH /api/v1/conversations/{id} – title (participants), retention (ADMIN)
  PATCH: route({ role: 'EMPLOYEE', params: ConversationIdParams, body: UpdateConversationBody }, async ({ tx, ctx, params, body }) =>
    ok(await updateConversation(tx, ctx, params.id, body)),
  ),
});
