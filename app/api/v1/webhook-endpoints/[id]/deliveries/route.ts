import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { listWebhookDeliveries } from '@/lib/platform/webhooks/list-webhook-deliveries';
import * as webhookEndpoints from '@/lib/transport/operations/platform/webhook-endpoints';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(webhookEndpoints.listWebhookDeliveries, async ({ tx, ctx, params, query }) =>
    ok(await listWebhookDeliveries(tx, ctx, params.id, query)),
  ),
});
