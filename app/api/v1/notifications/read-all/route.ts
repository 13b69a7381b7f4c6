import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { markAllNotificationsRead } from '@/lib/platform/notifications/mark-all-notifications-read';
import * as notifications from '@/lib/transport/operations/platform/notifications';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  POST: route(notifications.markAllNotificationsRead, async ({ tx, ctx }) => ok(await markAllNotificationsRead(tx, ctx))),
});
