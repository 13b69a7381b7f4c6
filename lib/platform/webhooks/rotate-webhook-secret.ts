import { and, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { webhookEndpoints } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { recordAudit } from '@/lib/platform/audit/record-audit';
import { webhookEndpointNotFound } from './errors';
import { toWebhookEndpointDto, webhookEndpointColumns } from './endpoint-store';
import type { WebhookEndpointWithSecret } from './schemas';
import { generateWebhookSecret, SECRET_OVERLAP_MS, sealWebhookSecret } from './webhook-secret';

/**
 * A new signing secret, returned this once. The current one becomes the previous secret and keeps signing
 * beside it for 24 hours, so a receiver can switch at its own pace; a secret rotated out earlier is dropped now.
 */
export async function rotateWebhookSecret(tx: Tx, ctx: RequestContext, endpointId: string): Promise<WebhookEndpointWithSecret> {
  const where = and(eq(webhookEndpoints.organisationId, ctx.organisationId), eq(webhookEndpoints.id, endpointId));
  const [current] = await tx.select({ secret: webhookEndpoints.secret }).from(webhookEndpoints).where(where).for('update');
  if (!current) throw webhookEndpointNotFound(endpointId, ctx.organisationId);
  const secret = generateWebhookSecret();
  const previousSecretExpiresAt = new Date(ctx.now.getTime() + SECRET_OVERLAP_MS);
  const [row] = await tx
    .update(webhookEndpoints)
    .set({ secret: await sealWebhookSecret(tx, ctx.organisationId, secret), previousSecret: current.secret, previousSecretExpiresAt, updatedAt: ctx.now })
    .where(where)
    .returning(webhookEndpointColumns);
  await recordAudit(tx, ctx, { action: 'WEBHOOK_ENDPOINT_SECRET_ROTATED', targetType: 'WEBHOOK_ENDPOINT', targetId: endpointId, metadata: { previousSecretExpiresAt: previousSecretExpiresAt.toISOString() } });
  return { ...toWebhookEndpointDto(row!, ctx.now), secret };
}
