import { ok } from '@/lib/api/responses';
import { methodNotAllowed, route } from '@/lib/api/route';
import { listNotifications, ListNotificationsQuery } from '@/lib/notifications/in-app';

// GET /api/v1/notifications – the caller's in-app notifications (reminders, decisions), newest first
export const GET = route({ role: 'EMPLOYEE', query: ListNotificationsQuery }, async ({ tx, ctx, query }) => ok(await listNotifications(tx, ctx, query)));

export const PUT = methodNotAllowed(['GET']);
export const POST = methodNotAllowed(['GET']);
export const PATCH = methodNotAllowed(['GET']);
export const DELETE = methodNotAllowed(['GET']);
