import { ok } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { getConversation } from '@/lib/records/conversations/get-conversation';
import { ConversationIdParams, UpdateConversationBody } from '@/lib/records/conversations/schemas';
import { updateConversation } from '@/lib/records/conversations/update-conversation';

// GET /api/v1/conversations/{id} – a conversation (participants only)
export const GET = route({ role: 'EMPLOYEE', params: ConversationIdParams }, async ({ tx, ctx, params }) => ok(await getConversation(tx, ctx, params.id)));

// PATCH /api/v1/conversations/{id} – title (participants), retention (ADMIN)
export const PATCH = route({ role: 'EMPLOYEE', params: ConversationIdParams, body: UpdateConversationBody }, async ({ tx, ctx, params, body }) =>
  ok(await updateConversation(tx, ctx, params.id, body)),
);

export const PUT = methodNotAllowed(['GET', 'PATCH']);
export const POST = methodNotAllowed(['GET', 'PATCH']);
export const DELETE = methodNotAllowed(['GET', 'PATCH']);
