import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { conversationParticipants, conversations, messages } from '@/db/schema';
import { hasRole } from '@/lib/platform/auth/roles';
import type { RequestContext } from '@/lib/platform/core/context';
import { NotFoundError } from '@/lib/platform/core/errors';
import type { Conversation, Message } from './schemas';

export const conversationColumns = {
  id: conversations.id,
  kind: conversations.kind,
  title: conversations.title,
  retentionDays: conversations.retentionDays,
  retentionExtendedUntil: conversations.retentionExtendedUntil,
  createdAt: conversations.createdAt,
  updatedAt: conversations.updatedAt,
};

export type ConversationRow = Omit<Conversation, 'participantPersonIds' | 'retentionExtendedUntil' | 'createdAt' | 'updatedAt'> & {
  retentionExtendedUntil: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

export const messageColumns = {
  id: messages.id,
  conversationId: messages.conversationId,
  authorPersonId: messages.authorPersonId,
  authorAnonymized: messages.authorAnonymized,
  body: messages.body,
  createdAt: messages.createdAt,
  deletedAt: messages.deletedAt,
};

export type MessageRow = Omit<Message, 'createdAt' | 'deletedAt'> & { createdAt: Date; deletedAt: Date | null };

export function conversationNotFound(conversationId: string, organisationId: string): NotFoundError {
  return new NotFoundError('CONVERSATION_NOT_FOUND', 'The conversation does not exist.', { conversationId, organisationId });
}

export function messageNotFound(messageId: string, organisationId: string): NotFoundError {
  return new NotFoundError('MESSAGE_NOT_FOUND', 'The message does not exist.', { messageId, organisationId });
}

export const isAdmin = (ctx: RequestContext): boolean => hasRole(ctx.user.role, 'ADMIN');

export async function isParticipant(tx: Tx, ctx: RequestContext, conversationId: string): Promise<boolean> {
  const [row] = await tx
    .select({ personId: conversationParticipants.personId })
    .from(conversationParticipants)
    .where(
      and(
        eq(conversationParticipants.organisationId, ctx.organisationId),
        eq(conversationParticipants.conversationId, conversationId),
        eq(conversationParticipants.personId, ctx.user.personId),
      ),
    );
  return row !== undefined;
}

/**
 * The conversation as the caller may see it. A non-participant gets the same 404 as for a missing id, so ids
 * do not leak; `allowAdmin` lets an ADMIN reach it for moderation and retention without being a participant.
 */
export async function findConversationRow(tx: Tx, ctx: RequestContext, conversationId: string, allowAdmin = false): Promise<ConversationRow & { participant: boolean }> {
  const [row] = await tx
    .select(conversationColumns)
    .from(conversations)
    .where(and(eq(conversations.organisationId, ctx.organisationId), eq(conversations.id, conversationId)));
  if (!row) throw conversationNotFound(conversationId, ctx.organisationId);
  const participant = await isParticipant(tx, ctx, conversationId);
  if (!participant && !(allowAdmin && isAdmin(ctx))) throw conversationNotFound(conversationId, ctx.organisationId);
  return { ...row, participant };
}

export async function toConversationDtos(tx: Tx, ctx: RequestContext, rows: readonly ConversationRow[]): Promise<Conversation[]> {
  const ids = rows.map((row) => row.id);
  const participants =
    ids.length === 0
      ? []
      : await tx
          .select({ conversationId: conversationParticipants.conversationId, personId: conversationParticipants.personId })
          .from(conversationParticipants)
          .where(and(eq(conversationParticipants.organisationId, ctx.organisationId), inArray(conversationParticipants.conversationId, ids)))
          .orderBy(asc(conversationParticipants.joinedAt), asc(conversationParticipants.personId));
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    title: row.title,
    participantPersonIds: participants.filter((p) => p.conversationId === row.id).map((p) => p.personId),
    retentionDays: row.retentionDays,
    retentionExtendedUntil: row.retentionExtendedUntil?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

export function toMessageDto(row: MessageRow): Message {
  return { ...row, createdAt: row.createdAt.toISOString(), deletedAt: row.deletedAt?.toISOString() ?? null };
}
