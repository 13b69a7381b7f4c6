import { noContent, ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { deleteWebhookEndpoint } from '@/lib/platform/webhooks/delete-webhook-endpoint';
import { findWebhookEndpointRow, toWebhookEndpointDto } from '@/lib/platform/webhooks/endpoint-store';
import { updateWebhookEndpoint } from '@/lib/platform/webhooks/update-webhook-endpoint';
import * as webhookEndpoints from '@/lib/transport/operations/platform/webhook-endpoints';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(webhookEndpoints.getWebhookEndpoint, async ({ tx, ctx, params }) =>
    ok(toWebhookEndpointDto(await findWebhookEndpointRow(tx, ctx.organisationId, params.id), ctx.now)),
  ),

  PATCH: route(webhookEndpoints.updateWebhookEndpoint, async ({ tx, ctx, params, body }) =>
    ok(await updateWebhookEndpoint(tx, ctx, params.id, body)),
  ),

  DELETE: route(webhookEndpoints.deleteWebhookEndpoint, async ({ tx, ctx, params }) => {
    await deleteWebhookEndpoint(tx, ctx, params.id);
    return noContent();
  }),
});
