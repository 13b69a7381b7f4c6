import { and, count, desc, eq, gte, lt, not, type SQL } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { auditLog } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { buildPage, decodeCursor, type Page } from '@/lib/platform/pagination';
import { reporterReaderOf } from '@/lib/records/incidents/reporter-visibility';
import { redactAuditEntries, withheldReporterEntries } from './redact-audit-entries';
import { type AuditEntry, auditCursor, type AuditLogQuery } from '@/lib/platform/audit/schemas';

type Filters = AuditLogQuery & { assetId?: string };

type AuditRow = typeof auditLog.$inferSelect;

function toAuditEntryDto(row: AuditRow): AuditEntry {
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

/** Stored rows as the caller may read them (redactAuditEntries), as API entries. */
export async function toReadableAuditEntries(tx: Tx, ctx: RequestContext, rows: readonly AuditRow[]): Promise<AuditEntry[]> {
  return (await redactAuditEntries(tx, ctx.organisationId, reporterReaderOf(ctx), rows)).map(toAuditEntryDto);
}

/** Newest first, keyset-paged by the monotonic id. */
export async function listAuditEntries(tx: Tx, ctx: RequestContext, query: Filters): Promise<Page<AuditEntry>> {
  const filters: SQL[] = [eq(auditLog.organisationId, ctx.organisationId)];
  if (query.assetId) filters.push(eq(auditLog.assetId, query.assetId));
  // Entries whose actor is withheld from the caller are not found by that actor either.
  if (query.actorUserId) filters.push(eq(auditLog.actorUserId, query.actorUserId), not(withheldReporterEntries(reporterReaderOf(ctx))));
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
  const page = buildPage(rows, query.limit, totals?.total ?? 0, (row) => row, (row) => [row.id.toString()]);
  return { ...page, data: await toReadableAuditEntries(tx, ctx, page.data) };
}
