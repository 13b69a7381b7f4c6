import { json } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { ListTenantDeliveriesQuery } from '@/lib/registry/sync-admin/schemas';
import { listTenantDeliveries } from '@/lib/registry/sync-admin/list-tenant-deliveries';

// GET /api/v1/registry/webhook-deliveries – the registry's webhooks about this organisation's persons or itself
export const GET = route({ role: 'ADMIN', query: ListTenantDeliveriesQuery }, async ({ tx, ctx, query }) => json(await listTenantDeliveries(tx, ctx, query)));

export const POST = methodNotAllowed(['GET']);
export const PUT = methodNotAllowed(['GET']);
export const PATCH = methodNotAllowed(['GET']);
export const DELETE = methodNotAllowed(['GET']);
