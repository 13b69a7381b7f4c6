import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { retentionRuns } from '@/db/schema';
import { buildPage, decodeCursor, type Page, timestampCursor } from '@/lib/platform/pagination';
import type { RequestContext } from '@/lib/platform/core/context';
import { retentionRunNotFound } from './errors';
import { toRetentionRunDto } from './retention-run-dto';
import type { ListRetentionRunsQuery, RetentionRunDto } from './schemas';

/** The tenant's recorded runs, newest first, keyset-paged by (started_at, id). */
export async function listRetentionRuns(tx: Tx, ctx: Pick<RequestContext, 'organisationId'>, query: ListRetentionRunsQuery): Promise<Page<RetentionRunDto>> {
  const where = eq(retentionRuns.organisationId, ctx.organisationId);
  const cursor = query.cursor ? decodeCursor(query.cursor, timestampCursor) : null;
  const pageWhere = cursor ? and(where, sql`(${retentionRuns.startedAt}, ${retentionRuns.id}) < (${cursor[0]}::timestamptz, ${cursor[1]}::uuid)`) : where;
  const [rows, [totals]] = await Promise.all([
    tx.select().from(retentionRuns).where(pageWhere).orderBy(desc(retentionRuns.startedAt), desc(retentionRuns.id)).limit(query.limit + 1),
    tx.select({ total: count() }).from(retentionRuns).where(where),
  ]);
  return buildPage(rows, query.limit, totals?.total ?? 0, toRetentionRunDto, (row) => [row.startedAt.toISOString(), row.id]);
}

export async function getRetentionRun(tx: Tx, ctx: Pick<RequestContext, 'organisationId'>, id: string): Promise<RetentionRunDto> {
  const [row] = await tx
    .select()
    .from(retentionRuns)
    .where(and(eq(retentionRuns.organisationId, ctx.organisationId), eq(retentionRuns.id, id)));
  if (!row) throw retentionRunNotFound(id);
  return toRetentionRunDto(row);
}
