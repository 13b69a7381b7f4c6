import { json } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { redeliverWebhook } from '@/lib/platform/webhooks/redeliver-webhook';
import * as webhookEndpoints from '@/lib/transport/operations/platform/webhook-endpoints';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  POST: route(webhookEndpoints.redeliverWebhook, async ({ tx, ctx, params }) => {
    const delivery = await redeliverWebhook(tx, ctx, params.id, params.deliveryId);
    return json(delivery, { status: 202, headers: { Location: `/api/v1/webhook-endpoints/${params.id}/deliveries/${delivery.id}` } });
  }),
});
