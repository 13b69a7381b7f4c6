import { noContent } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { deleteMessage } from '@/lib/records/conversations/delete-message';
import { MessageIdParams } from '@/lib/records/conversations/schemas';

// DELETE /api/v1/conversations/{id}/messages/{messageId} – the author's own, or moderation by an ADMIN
export const DELETE = route({ role: 'EMPLOYEE', params: MessageIdParams }, async ({ tx, ctx, params }) => {
  await deleteMessage(tx, ctx, params.id, params.messageId);
  return noContent();
});

export const GET = methodNotAllowed(['DELETE']);
export const PUT = methodNotAllowed(['DELETE']);
export const POST = methodNotAllowed(['DELETE']);
export const PATCH = methodNotAllowed(['DELETE']);
