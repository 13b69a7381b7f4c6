import { json } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { listTenantDeliveries } from '@/lib/registry/sync-admin/list-tenant-deliveries';
import * as registrySync from '@/lib/transport/operations/registry/sync';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(registrySync.listRegistryWebhookDeliveries, async ({ tx, ctx, query }) => json(await listTenantDeliveries(tx, ctx, query))),
});
