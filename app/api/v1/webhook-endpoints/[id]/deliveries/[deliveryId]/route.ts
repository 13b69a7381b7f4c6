import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { getWebhookDelivery } from '@/lib/platform/webhooks/list-webhook-deliveries';
import * as webhookEndpoints from '@/lib/transport/operations/platform/webhook-endpoints';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(webhookEndpoints.getWebhookDelivery, async ({ tx, ctx, params }) => ok(await getWebhookDelivery(tx, ctx, params.id, params.deliveryId))),
});
