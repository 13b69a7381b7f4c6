import { noContent, ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { deleteWebhookEndpoint } from '@/lib/platform/webhooks/delete-webhook-endpoint';
import { findWebhookEndpointRow, toWebhookEndpointDto } from '@/lib/platform/webhooks/endpoint-store';
import { UpdateWebhookEndpointBody, WebhookEndpointIdParams } from '@/lib/platform/webhooks/schemas';
import { updateWebhookEndpoint } from '@/lib/platform/webhooks/update-webhook-endpoint';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/webhook-endpoints/{id} – one endpoint, without its secret
  GET: route({ role: 'ADMIN', params: WebhookEndpointIdParams }, async ({ tx, ctx, params }) =>
    ok(toWebhookEndpointDto(await findWebhookEndpointRow(tx, ctx.organisationId, params.id), ctx.now)),
  ),

  // PATCH /api/v1/webhook-endpoints/{id} – change the URL, description, events or enabled flag
  PATCH: route({ role: 'ADMIN', params: WebhookEndpointIdParams, body: UpdateWebhookEndpointBody }, async ({ tx, ctx, params, body }) =>
    ok(await updateWebhookEndpoint(tx, ctx, params.id, body)),
  ),

  // DELETE /api/v1/webhook-endpoints/{id} – delete an endpoint with its delivery log
  DELETE: route({ role: 'ADMIN', params: WebhookEndpointIdParams }, async ({ tx, ctx, params }) => {
    await deleteWebhookEndpoint(tx, ctx, params.id);
    return noContent();
  }),
});
