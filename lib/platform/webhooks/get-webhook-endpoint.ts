import type { Executor } from '@/db/client';
import type { RequestContext } from '@/lib/platform/core/context';
import { findWebhookEndpointRow, toWebhookEndpointDto } from './endpoint-store';
import type { WebhookEndpoint } from './schemas';

/** One endpoint without its secrets; a rotated-out secret counts only while its overlap lasts (ctx.now). */
export async function getWebhookEndpoint(tx: Executor, ctx: RequestContext, endpointId: string): Promise<WebhookEndpoint> {
  return toWebhookEndpointDto(await findWebhookEndpointRow(tx, ctx.organisationId, endpointId), ctx.now);
}
