import { and, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { conversations } from '@/db/schema';
import { diffChanges, recordAudit } from '@/lib/platform/audit/record-audit';
import type { RequestContext } from '@/lib/platform/core/context';
import { ForbiddenError, ValidationError } from '@/lib/platform/core/errors';
import { conversationColumns, findConversationRow, isAdmin, toConversationDtos } from './conversation-store';
import type { Conversation, ConversationRetention, UpdateConversationBody } from './schemas';

const extendable = new Set(['mentoring', 'health']);
const notExtendable = 'Only mentoring and health conversations can have their retention extended.';

/**
 * Participants change the title. Retention is the organisation's call: ADMIN only, and an ADMIN may set it
 * without being a participant (spec 001: "an organisation admin may extend retention manually"). Such an ADMIN
 * may not read the conversation (its GET is 404 to them), so their answer is the retention alone: never its
 * title, kind or participants, even when nothing changed.
 */
export async function updateConversation(tx: Tx, ctx: RequestContext, conversationId: string, input: UpdateConversationBody): Promise<Conversation | ConversationRetention> {
  const touchesRetention = input.retentionDays !== undefined || input.retentionExtendedUntil !== undefined;
  const before = await findConversationRow(tx, ctx, conversationId, input.title === undefined);
  if (touchesRetention && !isAdmin(ctx)) throw new ForbiddenError("Changing a conversation's retention requires the ADMIN role.", { requiredRole: 'ADMIN' });
  if (input.retentionExtendedUntil && !extendable.has(before.kind)) {
    throw new ValidationError(notExtendable, { location: 'body', issues: [{ path: 'retentionExtendedUntil', code: 'custom', message: notExtendable }] });
  }
  const [after] = await tx
    .update(conversations)
    .set({
      title: input.title,
      retentionDays: input.retentionDays,
      retentionExtendedUntil: input.retentionExtendedUntil === undefined ? undefined : input.retentionExtendedUntil === null ? null : new Date(input.retentionExtendedUntil),
      updatedAt: ctx.now,
    })
    .where(and(eq(conversations.organisationId, ctx.organisationId), eq(conversations.id, conversationId)))
    .returning(conversationColumns);
  const changes = diffChanges(before, after!, ['title', 'retentionDays']);
  if (Object.keys(changes).length > 0) {
    await recordAudit(tx, ctx, { action: 'CONVERSATION_UPDATED', targetType: 'CONVERSATION', targetId: conversationId, changes });
  }
  const extension = diffChanges(before, after!, ['retentionExtendedUntil']);
  if (Object.keys(extension).length > 0) {
    await recordAudit(tx, ctx, {
      action: 'CONVERSATION_RETENTION_EXTENDED',
      targetType: 'CONVERSATION',
      targetId: conversationId,
      changes: extension,
      metadata: { kind: before.kind },
    });
  }
  if (!before.participant) return { id: after!.id, retentionDays: after!.retentionDays, retentionExtendedUntil: after!.retentionExtendedUntil?.toISOString() ?? null };
  const [conversation] = await toConversationDtos(tx, ctx, [after!]);
  return conversation!;
}
