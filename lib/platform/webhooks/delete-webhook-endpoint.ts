import { and, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { webhookEndpoints } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { diffChanges, recordAudit } from '@/lib/platform/audit/record-audit';
import { auditedWebhookEndpointFields, findWebhookEndpointRow } from './endpoint-store';

/** The endpoint goes with its delivery log; what was pending is never sent. */
export async function deleteWebhookEndpoint(tx: Tx, ctx: RequestContext, endpointId: string): Promise<void> {
  const before = await findWebhookEndpointRow(tx, ctx.organisationId, endpointId, true);
  await tx.delete(webhookEndpoints).where(and(eq(webhookEndpoints.organisationId, ctx.organisationId), eq(webhookEndpoints.id, endpointId)));
  await recordAudit(tx, ctx, { action: 'WEBHOOK_ENDPOINT_DELETED', targetType: 'WEBHOOK_ENDPOINT', targetId: endpointId, changes: diffChanges(before, null, auditedWebhookEndpointFields) });
}
