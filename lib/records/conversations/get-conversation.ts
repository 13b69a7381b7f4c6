import type { Tx } from '@/db/client';
import type { RequestContext } from '@/lib/platform/core/context';
import { findConversationRow, toConversationDtos } from './conversation-store';
import type { Conversation } from './schemas';

/** Participants only: anyone else, an ADMIN included, gets 404 as for a missing id. */
export async function getConversation(tx: Tx, ctx: RequestContext, conversationId: string): Promise<Conversation> {
  const row = await findConversationRow(tx, ctx, conversationId);
  const [conversation] = await toConversationDtos(tx, ctx, [row]);
  return conversation!;
}
