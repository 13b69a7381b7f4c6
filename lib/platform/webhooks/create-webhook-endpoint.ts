import { count, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { webhookEndpoints } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { diffChanges, recordAudit } from '@/lib/platform/audit/record-audit';
import { checkEndpointUrl, type EndpointUrlOptions } from './check-endpoint-url';
import { auditedWebhookEndpointFields, toWebhookEndpointDto, webhookEndpointColumns } from './endpoint-store';
import { webhookEndpointLimit } from './errors';
import { type CreateWebhookEndpointBody, MAX_WEBHOOK_ENDPOINTS, type WebhookEndpointWithSecret } from './schemas';
import { generateWebhookSecret, sealWebhookSecret } from './webhook-secret';

/** Registers an endpoint with a new signing secret, returned this once. */
export async function createWebhookEndpoint(tx: Tx, ctx: RequestContext, input: CreateWebhookEndpointBody, options: EndpointUrlOptions = {}): Promise<WebhookEndpointWithSecret> {
  const url = await checkEndpointUrl(input.url, options);
  // A cap against runaway fan-out, not an invariant: two concurrent creations may pass it together.
  const [existing] = await tx.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.organisationId, ctx.organisationId));
  if ((existing?.n ?? 0) >= MAX_WEBHOOK_ENDPOINTS) throw webhookEndpointLimit(MAX_WEBHOOK_ENDPOINTS);
  const secret = generateWebhookSecret();
  const [row] = await tx
    .insert(webhookEndpoints)
    .values({
      organisationId: ctx.organisationId,
      url,
      description: input.description ?? null,
      eventTypes: input.eventTypes,
      enabled: input.enabled,
      secret: await sealWebhookSecret(tx, ctx.organisationId, secret),
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning(webhookEndpointColumns);
  await recordAudit(tx, ctx, { action: 'WEBHOOK_ENDPOINT_CREATED', targetType: 'WEBHOOK_ENDPOINT', targetId: row!.id, changes: diffChanges(null, row!, auditedWebhookEndpointFields) });
  return { ...toWebhookEndpointDto(row!, ctx.now), secret };
}
