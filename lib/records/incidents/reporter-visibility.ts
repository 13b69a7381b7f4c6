import { inArray, or, type SQL, sql } from 'drizzle-orm';
import { incidentReports } from '@/db/schema';
import { hasDuty } from '@/lib/platform/auth/duties';
import type { RequestContext } from '@/lib/platform/core/context';

/** Whoever is about to learn something: their accounts, their person, and whether they hold SAFEGUARDING. */
export type ReporterReader = { userIds: readonly string[]; personId: string | null; safeguarding: boolean };

export function reporterReaderOf(ctx: RequestContext): ReporterReader {
  return { userIds: [ctx.user.id], personId: ctx.user.personId, safeguarding: hasDuty(ctx, 'SAFEGUARDING') };
}

/**
 * The reporter rule: who filed an incident report is known to the reporter and to the SAFEGUARDING duty, and
 * never to the person it is about, whatever duty they hold, by any path (the incident API, the audit log, MCP,
 * their data export; a tenant backup holds it only sealed, lib/privacy/backups/backup-seal.ts). A reporter must not fear being named to the person they reported.
 */
export function mayKnowReporter(reader: ReporterReader, report: { personId: string | null; reportedByUserId: string | null }): boolean {
  if (report.reportedByUserId === null || reader.userIds.includes(report.reportedByUserId)) return true;
  return reader.safeguarding && report.personId !== reader.personId;
}

/** The same rule in SQL, over incident_reports, for queries that must not find what they may not show. */
export function mayKnowReporterSql(reader: ReporterReader): SQL {
  const own = reader.userIds.length > 0 ? inArray(incidentReports.reportedByUserId, [...reader.userIds]) : sql`false`;
  const duty = reader.safeguarding ? sql`${incidentReports.personId} is distinct from ${reader.personId}::uuid` : sql`false`;
  return sql`(${incidentReports.reportedByUserId} is null or ${or(own, duty)})`;
}
