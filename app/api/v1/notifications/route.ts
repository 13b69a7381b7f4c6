import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { listNotifications } from '@/lib/platform/notifications/in-app';
import * as notifications from '@/lib/transport/operations/platform/notifications';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(notifications.listNotifications, async ({ tx, ctx, query }) => ok(await listNotifications(tx, ctx, query))),
});
