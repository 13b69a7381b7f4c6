import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { markNotificationRead } from '@/lib/platform/notifications/in-app';
import * as notifications from '@/lib/transport/operations/platform/notifications';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  POST: route(notifications.markNotificationRead, async ({ tx, ctx, params }) => ok(await markNotificationRead(tx, ctx, params.id))),
});
