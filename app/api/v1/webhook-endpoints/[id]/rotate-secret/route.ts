import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { rotateWebhookSecret } from '@/lib/platform/webhooks/rotate-webhook-secret';
import { WebhookEndpointIdParams } from '@/lib/platform/webhooks/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // POST /api/v1/webhook-endpoints/{id}/rotate-secret – a new secret, shown once; the old one signs too for 24 hours
  POST: route({ role: 'ADMIN', params: WebhookEndpointIdParams }, async ({ tx, ctx, params }) => ok(await rotateWebhookSecret(tx, ctx, params.id))),
});
