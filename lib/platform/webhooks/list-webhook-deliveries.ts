import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { webhookDeliveries } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { buildPage, decodeCursor, type Page, timestampCursor } from '@/lib/platform/pagination';
import { findWebhookDeliveryRow, toDeliveryDtos, webhookDeliveryColumns } from './delivery-store';
import { findWebhookEndpointRow } from './endpoint-store';
import type { ListWebhookDeliveriesQuery, WebhookDelivery } from './schemas';

/** An endpoint's delivery log, newest first; `status` narrows it. */
export async function listWebhookDeliveries(tx: Tx, ctx: RequestContext, endpointId: string, query: ListWebhookDeliveriesQuery): Promise<Page<WebhookDelivery>> {
  await findWebhookEndpointRow(tx, ctx.organisationId, endpointId);
  const where = and(
    eq(webhookDeliveries.organisationId, ctx.organisationId),
    eq(webhookDeliveries.endpointId, endpointId),
    query.status ? eq(webhookDeliveries.status, query.status) : undefined,
  );
  const cursor = query.cursor ? decodeCursor(query.cursor, timestampCursor) : null;
  const pageWhere = cursor ? and(where, sql`(${webhookDeliveries.createdAt}, ${webhookDeliveries.id}) < (${cursor[0]}::timestamptz, ${cursor[1]}::uuid)`) : where;
  const [rows, [totals]] = await Promise.all([
    tx.select(webhookDeliveryColumns).from(webhookDeliveries).where(pageWhere).orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id)).limit(query.limit + 1),
    tx.select({ total: count() }).from(webhookDeliveries).where(where),
  ]);
  const page = buildPage(rows, query.limit, totals?.total ?? 0, (row) => row, (row) => [row.createdAt.toISOString(), row.id]);
  return { ...page, data: await toDeliveryDtos(tx, ctx.organisationId, page.data) };
}

export async function getWebhookDelivery(tx: Tx, ctx: RequestContext, endpointId: string, deliveryId: string): Promise<WebhookDelivery> {
  await findWebhookEndpointRow(tx, ctx.organisationId, endpointId);
  const [delivery] = await toDeliveryDtos(tx, ctx.organisationId, [await findWebhookDeliveryRow(tx, ctx.organisationId, endpointId, deliveryId)]);
  return delivery!;
}
