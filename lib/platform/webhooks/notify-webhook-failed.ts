import { and, eq, isNull, notExists } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { notifications, users, webhookEndpoints } from '@/db/schema';
import { createNotification } from '@/lib/platform/notifications/create-notification';

export const WEBHOOK_DELIVERY_FAILED = 'WEBHOOK_DELIVERY_FAILED';

/**
 * A delivery that failed every attempt reaches every active admin in the app, in the transaction that records the
 * failure. Once per endpoint until the admin has read it: an endpoint that is down fails many deliveries, and one
 * unread notice says it. The endpoint's row lock makes two deliveries failing at once tell each admin once.
 */
export async function notifyWebhookFailed(tx: Tx, organisationId: string, endpointId: string, attempts: number): Promise<number> {
  const [endpoint] = await tx
    .select({ url: webhookEndpoints.url, description: webhookEndpoints.description })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.organisationId, organisationId), eq(webhookEndpoints.id, endpointId)))
    .for('update');
  if (!endpoint) return 0;
  const link = `/admin/webhooks/${endpointId}`;
  const unreadNotice = tx
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.organisationId, organisationId), eq(notifications.userId, users.id), eq(notifications.kind, WEBHOOK_DELIVERY_FAILED), eq(notifications.link, link), isNull(notifications.readAt)));
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.organisationId, organisationId), eq(users.role, 'ADMIN'), eq(users.isActive, true), notExists(unreadNotice)));
  const name = endpoint.description?.trim() || endpoint.url;
  let told = 0;
  for (const admin of admins) {
    const written = await createNotification(tx, organisationId, {
      userId: admin.id,
      kind: WEBHOOK_DELIVERY_FAILED,
      title: `Webhook not delivered: ${name}`,
      body: `An event could not be delivered to ${endpoint.url} after ${attempts} attempts, and will not be tried again. Check that the receiver is up, then send it again from the endpoint's page.`,
      link,
    });
    if (written) told += 1;
  }
  return told;
}
