import { created, ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { createWebhookEndpoint } from '@/lib/platform/webhooks/create-webhook-endpoint';
import { listWebhookEndpoints } from '@/lib/platform/webhooks/list-webhook-endpoints';
import { CreateWebhookEndpointBody, ListWebhookEndpointsQuery } from '@/lib/platform/webhooks/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/webhook-endpoints – list the organisation's webhook endpoints
  GET: route({ role: 'ADMIN', query: ListWebhookEndpointsQuery }, async ({ tx, ctx, query }) => ok(await listWebhookEndpoints(tx, ctx, query))),

  // POST /api/v1/webhook-endpoints – register an endpoint; its signing secret is in this answer only
  POST: route({ role: 'ADMIN', body: CreateWebhookEndpointBody }, async ({ tx, ctx, body }) => {
    const endpoint = await createWebhookEndpoint(tx, ctx, body);
    return created(endpoint, `/api/v1/webhook-endpoints/${endpoint.id}`);
  }),
});
