import { ok } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { listNotifications, ListNotificationsQuery } from '@/lib/platform/notifications/in-app';

// GET /api/v1/notifications – the caller's in-app notifications (reminders, decisions), newest first
export const GET = route({ role: 'EMPLOYEE', query: ListNotificationsQuery }, async ({ tx, ctx, query }) => ok(await listNotifications(tx, ctx, query)));

export const PUT = methodNotAllowed(['GET']);
export const POST = methodNotAllowed(['GET']);
export const PATCH = methodNotAllowed(['GET']);
export const DELETE = methodNotAllowed(['GET']);
