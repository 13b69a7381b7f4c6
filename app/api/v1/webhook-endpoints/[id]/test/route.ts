import { json } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { sendTestWebhook } from '@/lib/platform/webhooks/redeliver-webhook';
import * as webhookEndpoints from '@/lib/transport/operations/platform/webhook-endpoints';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  POST: route(webhookEndpoints.sendTestWebhook, async ({ tx, ctx, params }) => {
    const delivery = await sendTestWebhook(tx, ctx, params.id);
    return json(delivery, { status: 202, headers: { Location: `/api/v1/webhook-endpoints/${params.id}/deliveries/${delivery.id}` } });
  }),
});
