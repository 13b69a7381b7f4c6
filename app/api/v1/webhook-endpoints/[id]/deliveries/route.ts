import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { listWebhookDeliveries } from '@/lib/platform/webhooks/list-webhook-deliveries';
import { ListWebhookDeliveriesQuery, WebhookEndpointIdParams } from '@/lib/platform/webhooks/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/webhook-endpoints/{id}/deliveries – the endpoint's delivery log, newest first
  GET: route({ role: 'ADMIN', params: WebhookEndpointIdParams, query: ListWebhookDeliveriesQuery }, async ({ tx, ctx, params, query }) =>
    ok(await listWebhookDeliveries(tx, ctx, params.id, query)),
  ),
});
