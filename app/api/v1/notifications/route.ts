import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { listNotifications, ListNotificationsQuery } from '@/lib/platform/notifications/in-app';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/notifications – the caller's in-app notifications (reminders, decisions), newest first
  GET: route({ role: 'EMPLOYEE', query: ListNotificationsQuery }, async ({ tx, ctx, query }) => ok(await listNotifications(tx, ctx, query))),
});
