import { ok } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { getWebhookDelivery } from '@/lib/platform/webhooks/list-webhook-deliveries';
import { WebhookDeliveryParams } from '@/lib/platform/webhooks/schemas';

// GET /api/v1/webhook-endpoints/{id}/deliveries/{deliveryId} – one delivery with its attempts
export const GET = route({ role: 'ADMIN', params: WebhookDeliveryParams }, async ({ tx, ctx, params }) => ok(await getWebhookDelivery(tx, ctx, params.id, params.deliveryId)));

export const PUT = methodNotAllowed(['GET']);
export const POST = methodNotAllowed(['GET']);
export const PATCH = methodNotAllowed(['GET']);
export const DELETE = methodNotAllowed(['GET']);
