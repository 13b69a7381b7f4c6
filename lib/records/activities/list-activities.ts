import { and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { activities } from '@/db/schema';
import { buildPage, decodeCursor, type Page, timestampCursor } from '@/lib/platform/pagination';
import type { RequestContext } from '@/lib/platform/core/context';
import { assertManageActivities } from './activity-access';
import { activityColumns, toActivityDto } from './activity-store';
import type { Activity, ListActivitiesQuery } from './schemas';

/** Newest first. Without the ADMIN role or the COACH duty only `personId=me` (or the caller's own id) is allowed. */
export async function listActivities(tx: Tx, ctx: RequestContext, query: ListActivitiesQuery): Promise<Page<Activity>> {
  const personId = query.personId === 'me' ? ctx.user.personId : query.personId;
  if (personId !== ctx.user.personId) assertManageActivities(ctx, "Listing other persons' activities");
  const filters: SQL[] = [eq(activities.organisationId, ctx.organisationId)];
  if (personId) filters.push(eq(activities.personId, personId));
  if (query.type) filters.push(eq(activities.type, query.type));
  if (query.from) filters.push(gte(activities.occurredAt, new Date(query.from)));
  if (query.to) filters.push(lt(activities.occurredAt, new Date(query.to)));
  const where = and(...filters);
  const cursor = query.cursor ? decodeCursor(query.cursor, timestampCursor) : null;
  const pageWhere = cursor ? and(where, sql`(${activities.occurredAt}, ${activities.id}) < (${cursor[0]}::timestamptz, ${cursor[1]}::uuid)`) : where;
  const [rows, [totals]] = await Promise.all([
    tx.select(activityColumns).from(activities).where(pageWhere).orderBy(desc(activities.occurredAt), desc(activities.id)).limit(query.limit + 1),
    tx.select({ total: count() }).from(activities).where(where),
  ]);
  return buildPage(rows, query.limit, totals?.total ?? 0, toActivityDto, (row) => [row.occurredAt.toISOString(), row.id]);
}
