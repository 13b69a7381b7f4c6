import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { activityComments } from '@/db/schema';
import { buildPage, decodeCursor, type Page, timestampCursor } from '@/lib/platform/pagination';
import type { RequestContext } from '@/lib/platform/core/context';
import { findReadableActivity } from './activity-store';
import { selectComments, toCommentDto } from './comment-store';
import type { ActivityComment, ListActivityCommentsQuery } from './schemas';

/** Oldest first, as a conversation reads; for whoever may read the activity. */
export async function listActivityComments(tx: Tx, ctx: RequestContext, activityId: string, query: ListActivityCommentsQuery): Promise<Page<ActivityComment>> {
  await findReadableActivity(tx, ctx, activityId);
  const where = and(eq(activityComments.organisationId, ctx.organisationId), eq(activityComments.activityId, activityId));
  const cursor = query.cursor ? decodeCursor(query.cursor, timestampCursor) : null;
  const pageWhere = cursor ? and(where, sql`(${activityComments.createdAt}, ${activityComments.id}) > (${cursor[0]}::timestamptz, ${cursor[1]}::uuid)`) : where;
  const [rows, [totals]] = await Promise.all([
    selectComments(tx, ctx, pageWhere).orderBy(asc(activityComments.createdAt), asc(activityComments.id)).limit(query.limit + 1),
    tx.select({ total: count() }).from(activityComments).where(where),
  ]);
  return buildPage(rows, query.limit, totals?.total ?? 0, toCommentDto, (row) => [row.createdAt.toISOString(), row.id]);
}
