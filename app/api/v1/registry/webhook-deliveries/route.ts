import { json } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { ListTenantDeliveriesQuery } from '@/lib/registry/sync-admin/schemas';
import { listTenantDeliveries } from '@/lib/registry/sync-admin/list-tenant-deliveries';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/registry/webhook-deliveries – the registry's webhooks about this organisation's persons or itself
  GET: route({ role: 'ADMIN', query: ListTenantDeliveriesQuery }, async ({ tx, ctx, query }) => json(await listTenantDeliveries(tx, ctx, query))),
});
