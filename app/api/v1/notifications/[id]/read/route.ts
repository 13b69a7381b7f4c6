import { ok } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { markNotificationRead, NotificationIdParams } from '@/lib/platform/notifications/in-app';

// POST /api/v1/notifications/{id}/read – mark one of the caller's notifications read
export const POST = route({ role: 'EMPLOYEE', params: NotificationIdParams }, async ({ tx, ctx, params }) => ok(await markNotificationRead(tx, ctx, params.id)));

export const GET = methodNotAllowed(['POST']);
export const PUT = methodNotAllowed(['POST']);
export const PATCH = methodNotAllowed(['POST']);
export const DELETE = methodNotAllowed(['POST']);
