import { json } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { redeliverWebhook } from '@/lib/platform/webhooks/redeliver-webhook';
import { WebhookDeliveryParams } from '@/lib/platform/webhooks/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // POST /api/v1/webhook-endpoints/{id}/deliveries/{deliveryId}/redeliver – send a finished delivery again
  POST: route({ role: 'ADMIN', params: WebhookDeliveryParams }, async ({ tx, ctx, params }) => {
    const delivery = await redeliverWebhook(tx, ctx, params.id, params.deliveryId);
    return json(delivery, { status: 202, headers: { Location: `/api/v1/webhook-endpoints/${params.id}/deliveries/${delivery.id}` } });
  }),
});
