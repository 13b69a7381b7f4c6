import { and, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { messages } from '@/db/schema';
import { recordAudit } from '@/lib/platform/audit/record-audit';
import type { RequestContext } from '@/lib/platform/core/context';
import { ForbiddenError } from '@/lib/platform/core/errors';
import { findConversationRow, isAdmin, messageColumns, messageNotFound } from './conversation-store';

const DELETED_BODY = '[deleted]';

/**
 * The author deletes their own message; an ADMIN deleting anyone else's is moderation, allowed without being a
 * participant and audited as MESSAGE_MODERATED without the body. The row stays in spec 001's deleted shape.
 */
export async function deleteMessage(tx: Tx, ctx: RequestContext, conversationId: string, messageId: string): Promise<void> {
  await findConversationRow(tx, ctx, conversationId, true);
  const [message] = await tx
    .select(messageColumns)
    .from(messages)
    .where(and(eq(messages.organisationId, ctx.organisationId), eq(messages.conversationId, conversationId), eq(messages.id, messageId)));
  if (!message) throw messageNotFound(messageId, ctx.organisationId);
  const ownMessage = message.authorPersonId === ctx.user.personId;
  if (!ownMessage && !isAdmin(ctx)) throw new ForbiddenError('You can delete only your own messages.', { requiredRole: 'ADMIN' });
  if (message.deletedAt) return;
  await tx
    .update(messages)
    .set({ body: DELETED_BODY, deletedAt: ctx.now })
    .where(and(eq(messages.organisationId, ctx.organisationId), eq(messages.id, messageId)));
  if (!ownMessage) {
    await recordAudit(tx, ctx, {
      action: 'MESSAGE_MODERATED',
      targetType: 'MESSAGE',
      targetId: messageId,
      metadata: { conversationId, authorPersonId: message.authorPersonId },
    });
  }
}
