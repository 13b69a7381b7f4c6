import type { Tx } from '@/db/client';
import { messages } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { findConversationRow, messageColumns, toMessageDto } from './conversation-store';
import type { Message, PostMessageBody } from './schemas';

/** Participants only; the author is always the caller's own person. */
export async function postMessage(tx: Tx, ctx: RequestContext, conversationId: string, input: PostMessageBody): Promise<Message> {
  await findConversationRow(tx, ctx, conversationId);
  const [row] = await tx
    .insert(messages)
    .values({ organisationId: ctx.organisationId, conversationId, authorPersonId: ctx.user.personId, body: input.body, createdAt: ctx.now })
    .returning(messageColumns);
  return toMessageDto(row!);
}
