import { ok } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { listWebhookDeliveries } from '@/lib/platform/webhooks/list-webhook-deliveries';
import { ListWebhookDeliveriesQuery, WebhookEndpointIdParams } from '@/lib/platform/webhooks/schemas';

// GET /api/v1/webhook-endpoints/{id}/deliveries – the endpoint's delivery log, newest first
export const GET = route({ role: 'ADMIN', params: WebhookEndpointIdParams, query: ListWebhookDeliveriesQuery }, async ({ tx, ctx, params, query }) =>
  ok(await listWebhookDeliveries(tx, ctx, params.id, query)),
);

export const PUT = methodNotAllowed(['GET']);
export const POST = methodNotAllowed(['GET']);
export const PATCH = methodNotAllowed(['GET']);
export const DELETE = methodNotAllowed(['GET']);
