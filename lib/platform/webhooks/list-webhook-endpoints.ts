import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { webhookEndpoints } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { buildPage, decodeCursor, type Page, timestampCursor } from '@/lib/platform/pagination';
import { toWebhookEndpointDto, webhookEndpointColumns } from './endpoint-store';
import type { ListWebhookEndpointsQuery, WebhookEndpoint } from './schemas';

/** The tenant's endpoints, oldest first. */
export async function listWebhookEndpoints(tx: Tx, ctx: RequestContext, query: ListWebhookEndpointsQuery): Promise<Page<WebhookEndpoint>> {
  const where = eq(webhookEndpoints.organisationId, ctx.organisationId);
  const cursor = query.cursor ? decodeCursor(query.cursor, timestampCursor) : null;
  const pageWhere = cursor ? and(where, sql`(${webhookEndpoints.createdAt}, ${webhookEndpoints.id}) > (${cursor[0]}::timestamptz, ${cursor[1]}::uuid)`) : where;
  const [rows, [totals]] = await Promise.all([
    tx.select(webhookEndpointColumns).from(webhookEndpoints).where(pageWhere).orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id)).limit(query.limit + 1),
    tx.select({ total: count() }).from(webhookEndpoints).where(where),
  ]);
  return buildPage(rows, query.limit, totals?.total ?? 0, (row) => toWebhookEndpointDto(row, ctx.now), (row) => [row.createdAt.toISOString(), row.id]);
}
