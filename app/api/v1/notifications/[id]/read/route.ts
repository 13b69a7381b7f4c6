import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { markNotificationRead, NotificationIdParams } from '@/lib/platform/notifications/in-app';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // POST /api/v1/notifications/{id}/read – mark one of the caller's notifications read
  POST: route({ role: 'EMPLOYEE', params: NotificationIdParams }, async ({ tx, ctx, params }) => ok(await markNotificationRead(tx, ctx, params.id))),
});
