import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { conversationParticipants, conversations } from '@/db/schema';
import { buildPage, decodeCursor, type Page, timestampCursor } from '@/lib/platform/pagination';
import type { RequestContext } from '@/lib/platform/core/context';
import { conversationColumns, toConversationDtos } from './conversation-store';
import type { Conversation, ListConversationsQuery } from './schemas';

/** The caller's conversations only, newest first. */
export async function listConversations(tx: Tx, ctx: RequestContext, query: ListConversationsQuery): Promise<Page<Conversation>> {
  const where = and(
    eq(conversations.organisationId, ctx.organisationId),
    eq(conversationParticipants.organisationId, ctx.organisationId),
    eq(conversationParticipants.personId, ctx.user.personId),
  );
  const joined = and(eq(conversationParticipants.organisationId, conversations.organisationId), eq(conversationParticipants.conversationId, conversations.id));
  const cursor = query.cursor ? decodeCursor(query.cursor, timestampCursor) : null;
  const pageWhere = cursor ? and(where, sql`(${conversations.createdAt}, ${conversations.id}) < (${cursor[0]}::timestamptz, ${cursor[1]}::uuid)`) : where;
  const [rows, [totals]] = await Promise.all([
    tx
      .select(conversationColumns)
      .from(conversations)
      .innerJoin(conversationParticipants, joined)
      .where(pageWhere)
      .orderBy(desc(conversations.createdAt), desc(conversations.id))
      .limit(query.limit + 1),
    tx.select({ total: count() }).from(conversations).innerJoin(conversationParticipants, joined).where(where),
  ]);
  const page = buildPage(rows, query.limit, totals?.total ?? 0, (row) => row, (row) => [row.createdAt.toISOString(), row.id]);
  return { ...page, data: await toConversationDtos(tx, ctx, page.data) };
}
