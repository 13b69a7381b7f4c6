import { ok } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { rotateWebhookSecret } from '@/lib/platform/webhooks/rotate-webhook-secret';
import { WebhookEndpointIdParams } from '@/lib/platform/webhooks/schemas';

// POST /api/v1/webhook-endpoints/{id}/rotate-secret – a new secret, shown once; the old one signs too for 24 hours
export const POST = route({ role: 'ADMIN', params: WebhookEndpointIdParams }, async ({ tx, ctx, params }) => ok(await rotateWebhookSecret(tx, ctx, params.id)));

export const GET = methodNotAllowed(['POST']);
export const PUT = methodNotAllowed(['POST']);
export const PATCH = methodNotAllowed(['POST']);
export const DELETE = methodNotAllowed(['POST']);
