import { ok } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { listAuditEntries } from '@/lib/privacy/audit-log/list-audit-entries';
import { AuditLogQuery } from '@/lib/platform/audit/schemas';

// GET /api/v1/audit-log – the tenant's audit log, filterable by actor, action, target and period
export const GET = route({ role: 'ADMIN', query: AuditLogQuery }, async ({ tx, ctx, query }) => ok(await listAuditEntries(tx, ctx, query)));

export const PUT = methodNotAllowed(['GET']);
export const POST = methodNotAllowed(['GET']);
export const PATCH = methodNotAllowed(['GET']);
export const DELETE = methodNotAllowed(['GET']);
