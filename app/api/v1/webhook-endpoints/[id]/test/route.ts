import { json } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { sendTestWebhook } from '@/lib/platform/webhooks/redeliver-webhook';
import { WebhookEndpointIdParams } from '@/lib/platform/webhooks/schemas';

// POST /api/v1/webhook-endpoints/{id}/test – queue a webhook.test event for this endpoint
export const POST = route({ role: 'ADMIN', params: WebhookEndpointIdParams }, async ({ tx, ctx, params }) => {
  const delivery = await sendTestWebhook(tx, ctx, params.id);
  return json(delivery, { status: 202, headers: { Location: `/api/v1/webhook-endpoints/${params.id}/deliveries/${delivery.id}` } });
});

export const GET = methodNotAllowed(['POST']);
export const PUT = methodNotAllowed(['POST']);
export const PATCH = methodNotAllowed(['POST']);
export const DELETE = methodNotAllowed(['POST']);
