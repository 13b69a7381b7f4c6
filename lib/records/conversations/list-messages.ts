import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { messages } from '@/db/schema';
import { buildPage, decodeCursor, type Page, timestampCursor } from '@/lib/platform/pagination';
import type { RequestContext } from '@/lib/platform/core/context';
import { findConversationRow, messageColumns, toMessageDto } from './conversation-store';
import type { ListMessagesQuery, Message } from './schemas';

/** Oldest first, the order a thread is read in; participants only (an ADMIN who is not one gets 404). */
export async function listMessages(tx: Tx, ctx: RequestContext, conversationId: string, query: ListMessagesQuery): Promise<Page<Message>> {
  await findConversationRow(tx, ctx, conversationId);
  const where = and(eq(messages.organisationId, ctx.organisationId), eq(messages.conversationId, conversationId));
  const cursor = query.cursor ? decodeCursor(query.cursor, timestampCursor) : null;
  const pageWhere = cursor ? and(where, sql`(${messages.createdAt}, ${messages.id}) > (${cursor[0]}::timestamptz, ${cursor[1]}::uuid)`) : where;
  const [rows, [totals]] = await Promise.all([
    tx
      .select(messageColumns)
      .from(messages)
      .where(pageWhere)
      .orderBy(asc(messages.createdAt), asc(messages.id))
      .limit(query.limit + 1),
    tx.select({ total: count() }).from(messages).where(where),
  ]);
  return buildPage(rows, query.limit, totals?.total ?? 0, toMessageDto, (row) => [row.createdAt.toISOString(), row.id]);
}
