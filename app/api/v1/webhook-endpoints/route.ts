import { created, ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { createWebhookEndpoint } from '@/lib/platform/webhooks/create-webhook-endpoint';
import { listWebhookEndpoints } from '@/lib/platform/webhooks/list-webhook-endpoints';
import * as webhookEndpoints from '@/lib/transport/operations/platform/webhook-endpoints';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(webhookEndpoints.listWebhookEndpoints, async ({ tx, ctx, query }) => ok(await listWebhookEndpoints(tx, ctx, query))),

  POST: route(webhookEndpoints.createWebhookEndpoint, async ({ tx, ctx, body }) => {
    const endpoint = await createWebhookEndpoint(tx, ctx, body);
    return created(endpoint, `/api/v1/webhook-endpoints/${endpoint.id}`);
  }),
});
