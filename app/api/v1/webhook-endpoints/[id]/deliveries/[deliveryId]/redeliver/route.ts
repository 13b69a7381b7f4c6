import { json } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { redeliverWebhook } from '@/lib/platform/webhooks/redeliver-webhook';
import { WebhookDeliveryParams } from '@/lib/platform/webhooks/schemas';

// POST /api/v1/webhook-endpoints/{id}/deliveries/{deliveryId}/redeliver – send a finished delivery again
export const POST = route({ role: 'ADMIN', params: WebhookDeliveryParams }, async ({ tx, ctx, params }) => {
  const delivery = await redeliverWebhook(tx, ctx, params.id, params.deliveryId);
  return json(delivery, { status: 202, headers: { Location: `/api/v1/webhook-endpoints/${params.id}/deliveries/${delivery.id}` } });
});

export const GET = methodNotAllowed(['POST']);
export const PUT = methodNotAllowed(['POST']);
export const PATCH = methodNotAllowed(['POST']);
export const DELETE = methodNotAllowed(['POST']);
