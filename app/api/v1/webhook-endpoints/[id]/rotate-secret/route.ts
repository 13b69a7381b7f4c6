import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { rotateWebhookSecret } from '@/lib/platform/webhooks/rotate-webhook-secret';
import * as webhookEndpoints from '@/lib/transport/operations/platform/webhook-endpoints';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  POST: route(webhookEndpoints.rotateWebhookSecret, async ({ tx, ctx, params }) => ok(await rotateWebhookSecret(tx, ctx, params.id))),
});
