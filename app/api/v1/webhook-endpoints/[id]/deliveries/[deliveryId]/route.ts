import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { getWebhookDelivery } from '@/lib/platform/webhooks/list-webhook-deliveries';
import { WebhookDeliveryParams } from '@/lib/platform/webhooks/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/webhook-endpoints/{id}/deliveries/{deliveryId} – one delivery with its attempts
  GET: route({ role: 'ADMIN', params: WebhookDeliveryParams }, async ({ tx, ctx, params }) => ok(await getWebhookDelivery(tx, ctx, params.id, params.deliveryId))),
});
