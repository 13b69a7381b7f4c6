import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { auditLog } from '@/db/schema';
import type { RequestContext } from '@/lib/core/context';
import { buildPage, decodeCursor, type Page } from '@/lib/api/pagination';
import { type AuditEntry, auditCursor, type AuditLogQuery } from './schemas';

type Filters = AuditLogQuery & { assetId?: string };

function toAuditEntryDto(row: typeof auditLog.$inferSelect): AuditEntry {
  return {
    id: row.id.toString(),
    occurredAt: row.occurredAt.toISOString(),
    actor: { type: row.actorType, userId: row.actorUserId },
    action: row.action,
    target: { type: row.targetType, id: row.targetId },
    assetId: row.assetId,
    changes: row.changes,
    metadata: row.metadata,
    requestId: row.requestId,
  };
}

/** Newest first, keyset-paged by the monotonic id. */
export async function listAuditEntries(tx: Tx, ctx: RequestContext, query: Filters): Promise<Page<AuditEntry>> {
  const filters: SQL[] = [eq(auditLog.organisationId, ctx.organisationId)];
  if (query.assetId) filters.push(eq(auditLog.assetId, query.assetId));
  if (query.actorUserId) filters.push(eq(auditLog.actorUserId, query.actorUserId));
  if (query.action) filters.push(eq(auditLog.action, query.action));
  if (query.targetType) filters.push(eq(auditLog.targetType, query.targetType));
  if (query.targetId) filters.push(eq(auditLog.targetId, query.targetId));
  if (query.from) filters.push(gte(auditLog.occurredAt, new Date(query.from)));
  if (query.to) filters.push(lt(auditLog.occurredAt, new Date(query.to)));
  const where = and(...filters);
  const pageWhere = query.cursor ? and(where, lt(auditLog.id, BigInt(decodeCursor(query.cursor, auditCursor)[0]))) : where;
  const [rows, [totals]] = await Promise.all([
    tx.select().from(auditLog).where(pageWhere).orderBy(desc(auditLog.id)).limit(query.limit + 1),
    tx.select({ total: count() }).from(auditLog).where(where),
  ]);
  return buildPage(rows, query.limit, totals?.total ?? 0, toAuditEntryDto, (row) => [row.id.toString()]);
}
