import { ok } from '@/lib/api/responses';
import { methodNotAllowed, route } from '@/lib/api/route';
import { rotateWebhookSecret } from '@/lib/webhooks/rotate-webhook-secret';
import { WebhookEndpointIdParams } from '@/lib/webhooks/schemas';

// POST /api/v1/webhook-endpoints/{id}/rotate-secret – a new secret, shown once; the old one signs too for 24 hours
export const POST = route({ role: 'ADMIN', params: WebhookEndpointIdParams }, async ({ tx, ctx, params }) => ok(await rotateWebhookSecret(tx, ctx, params.id)));

export const GET = methodNotAllowed(['POST']);
export const PUT = methodNotAllowed(['POST']);
export const PATCH = methodNotAllowed(['POST']);
export const DELETE = methodNotAllowed(['POST']);
