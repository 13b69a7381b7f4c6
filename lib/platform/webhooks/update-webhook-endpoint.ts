import { and, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { webhookEndpoints } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { diffChanges, recordAudit } from '@/lib/platform/audit/record-audit';
import { checkEndpointUrl, type EndpointUrlOptions } from './check-endpoint-url';
import { auditedWebhookEndpointFields, findWebhookEndpointRow, toWebhookEndpointDto, webhookEndpointColumns } from './endpoint-store';
import type { UpdateWebhookEndpointBody, WebhookEndpoint } from './schemas';

/** Changes the URL (checked by the guard again), description, events or enabled flag; the secret stays. */
export async function updateWebhookEndpoint(tx: Tx, ctx: RequestContext, endpointId: string, input: UpdateWebhookEndpointBody, options: EndpointUrlOptions = {}): Promise<WebhookEndpoint> {
  const before = await findWebhookEndpointRow(tx, ctx.organisationId, endpointId, true);
  const url = input.url === undefined ? undefined : await checkEndpointUrl(input.url, options);
  const [after] = await tx
    .update(webhookEndpoints)
    .set({ ...input, ...(url ? { url } : {}), updatedAt: ctx.now })
    .where(and(eq(webhookEndpoints.organisationId, ctx.organisationId), eq(webhookEndpoints.id, endpointId)))
    .returning(webhookEndpointColumns);
  const changes = diffChanges(before, after!, auditedWebhookEndpointFields);
  if (Object.keys(changes).length > 0) {
    await recordAudit(tx, ctx, { action: 'WEBHOOK_ENDPOINT_UPDATED', targetType: 'WEBHOOK_ENDPOINT', targetId: endpointId, changes });
  }
  return toWebhookEndpointDto(after!, ctx.now);
}
