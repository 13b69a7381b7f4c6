import { and, eq, inArray, not, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { type AuditChanges, auditLog, incidentReports } from '@/db/schema';
import { mayKnowReporter, mayKnowReporterSql, type ReporterReader } from '@/lib/records/incidents/reporter-visibility';
import { nameGuardedFields } from '@/lib/platform/audit/guarded-fields';

/** An audit row as stored, with the columns redaction looks at; changes and metadata may be left out (null). */
type StoredEntry = { actorUserId: string | null; targetType: string; targetId: string; changes: AuditChanges | null; metadata: Record<string, unknown> | null };

const INCIDENT_REPORT = 'INCIDENT_REPORT';

async function reportersOf(tx: Tx, organisationId: string, entries: readonly StoredEntry[]) {
  const ids = [...new Set(entries.filter((entry) => entry.targetType === INCIDENT_REPORT && entry.actorUserId !== null).map((entry) => entry.targetId))];
  const rows = ids.length
    ? await tx
        .select({ id: incidentReports.id, personId: incidentReports.personId, reportedByUserId: incidentReports.reportedByUserId })
        .from(incidentReports)
        .where(and(eq(incidentReports.organisationId, organisationId), inArray(sql`${incidentReports.id}::text`, ids)))
    : [];
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Audit entries as `reader` may see them; every path an entry leaves by goes through here (the audit-log API and
 * portal, MCP, the dashboard, a person's data export; a tenant backup holds the log sealed, unread). Two rules:
 * - the reporter rule (lib/records/incidents/reporter-visibility.ts): an entry about an incident report done by its
 *   reporter (filing it, reading it) shows no actor and no request id to a reader who may not know the reporter;
 * - values of fields a duty guards are named only (lib/platform/audit/guarded-fields.ts), for entries written before
 *   recordAudit stopped writing them.
 */
export async function redactAuditEntries<T extends StoredEntry & { requestId?: string | null }>(tx: Tx, organisationId: string, reader: ReporterReader, entries: readonly T[]): Promise<T[]> {
  const reports = await reportersOf(tx, organisationId, entries);
  return entries.map((entry) => {
    const report = entry.targetType === INCIDENT_REPORT ? reports.get(entry.targetId) : undefined;
    const withheld = report !== undefined && entry.actorUserId === report.reportedByUserId && !mayKnowReporter(reader, report);
    const named = entry.changes && entry.metadata ? nameGuardedFields(entry.targetType, { changes: entry.changes, metadata: entry.metadata }) : null;
    return {
      ...entry,
      ...named,
      ...(withheld ? { actorUserId: null, ...('requestId' in entry ? { requestId: null } : {}) } : {}),
    };
  });
}

/** Entries whose actor `reader` may not see (above): a filter by actor must not find them either. */
export function withheldReporterEntries(reader: ReporterReader): SQL {
  return sql`(${auditLog.targetType} = ${INCIDENT_REPORT} and exists (
    select 1 from ${incidentReports} where ${incidentReports.organisationId} = ${auditLog.organisationId}
      and ${incidentReports.id}::text = ${auditLog.targetId} and ${incidentReports.reportedByUserId} = ${auditLog.actorUserId}
      and ${not(mayKnowReporterSql(reader))}))`;
}
