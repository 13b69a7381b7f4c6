import { noContent, ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { deleteWebhookEndpoint } from '@/lib/platform/webhooks/delete-webhook-endpoint';
import { getWebhookEndpoint } from '@/lib/platform/webhooks/get-webhook-endpoint';
import { updateWebhookEndpoint } from '@/lib/platform/webhooks/update-webhook-endpoint';
import * as webhookEndpoints from '@/lib/transport/operations/platform/webhook-endpoints';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(webhookEndpoints.getWebhookEndpoint, async ({ tx, ctx, params }) =>
    ok(await getWebhookEndpoint(tx, ctx, params.id)),
  ),

  PATCH: route(webhookEndpoints.updateWebhookEndpoint, async ({ tx, ctx, params, body }) =>
    ok(await updateWebhookEndpoint(tx, ctx, params.id, body)),
  ),

  DELETE: route(webhookEndpoints.deleteWebhookEndpoint, async ({ tx, ctx, params }) => {
    await deleteWebhookEndpoint(tx, ctx, params.id);
    return noContent();
  }),
});
