import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { listAuditEntries } from '@/lib/privacy/audit-log/list-audit-entries';
import { AuditLogQuery } from '@/lib/platform/audit/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/audit-log – the tenant's audit log, filterable by actor, action, target and period
  GET: route({ role: 'ADMIN', query: AuditLogQuery }, async ({ tx, ctx, query }) => ok(await listAuditEntries(tx, ctx, query))),
});
