import { and, eq, or } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { incidentReports } from '@/db/schema';
import { recordSensitiveReads } from '@/lib/platform/audit/record-sensitive-reads';
import { hasDuty } from '@/lib/platform/auth/duties';
import type { RequestContext } from '@/lib/platform/core/context';
import { NotFoundError } from '@/lib/platform/core/errors';
import { mayKnowReporter, reporterReaderOf } from './reporter-visibility';
import type { IncidentReport } from './schemas';

export const incidentColumns = {
  id: incidentReports.id,
  personId: incidentReports.personId,
  subjectPseudonym: incidentReports.subjectPseudonym,
  reportedByUserId: incidentReports.reportedByUserId,
  occurredAt: incidentReports.occurredAt,
  severity: incidentReports.severity,
  status: incidentReports.status,
  description: incidentReports.description,
  createdAt: incidentReports.createdAt,
  updatedAt: incidentReports.updatedAt,
};

export type IncidentRow = Omit<IncidentReport, 'occurredAt' | 'createdAt' | 'updatedAt'> & { occurredAt: Date; createdAt: Date; updatedAt: Date };

export function incidentReportNotFound(reportId: string, organisationId: string): NotFoundError {
  return new NotFoundError('INCIDENT_REPORT_NOT_FOUND', 'The incident report does not exist.', { reportId, organisationId });
}

/**
 * The SAFEGUARDING duty reads every report, an erased subject's included; anyone else the reports they filed
 * and those about themselves. Any other answers 404 like a missing one, so its existence does not leak.
 */
export async function findReadableIncidentReport(tx: Tx, ctx: RequestContext, reportId: string): Promise<IncidentRow> {
  const scope = hasDuty(ctx, 'SAFEGUARDING') ? undefined : or(eq(incidentReports.personId, ctx.user.personId), eq(incidentReports.reportedByUserId, ctx.user.id));
  const [row] = await tx
    .select(incidentColumns)
    .from(incidentReports)
    .where(and(eq(incidentReports.organisationId, ctx.organisationId), eq(incidentReports.id, reportId), scope));
  if (!row) throw incidentReportNotFound(reportId, ctx.organisationId);
  return row;
}

/**
 * The rows for the response, each read audited in the same transaction (the description is the sensitive
 * part). The subject sees what was reported about them but not who reported it (the reporter rule).
 */
export async function revealIncidentReports(tx: Tx, ctx: RequestContext, rows: readonly IncidentRow[]): Promise<IncidentReport[]> {
  await recordSensitiveReads(
    tx,
    ctx,
    'INCIDENT_REPORT',
    rows.map((row) => row.id),
    ['description'],
  );
  const reader = reporterReaderOf(ctx);
  return rows.map((row) => ({
    ...row,
    reportedByUserId: mayKnowReporter(reader, row) ? row.reportedByUserId : null,
    occurredAt: row.occurredAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}
