import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { legalReports, outbox } from '@/db/schema';
import { NotFoundError } from '@/lib/platform/core/errors';
import { legalReportEmailKey } from './legal-report-email';
import { LegalReportFigures, type LegalReport, type LegalReportSummary } from './schemas';

export const legalReportNotFound = (legalReportId: string, organisationId: string) =>
  new NotFoundError('LEGAL_REPORT_NOT_FOUND', 'The legal report does not exist.', { legalReportId, organisationId });

export const legalReportColumns = {
  id: legalReports.id,
  periodStart: legalReports.periodStart,
  periodEnd: legalReports.periodEnd,
  generatedAt: legalReports.generatedAt,
  figures: legalReports.figures,
};

type Row = { id: string; periodStart: string; periodEnd: string; generatedAt: Date; figures: Record<string, unknown> };

/** Whom each report's latest generation was e-mailed to: the outbox row it wrote, if any. */
async function findRecipients(tx: Tx, organisationId: string, rows: Row[]): Promise<Map<string, string>> {
  if (rows.length === 0) return new Map();
  const keys = rows.map((row) => legalReportEmailKey(row.id, row.generatedAt));
  const sent = await tx
    .select({ key: outbox.idempotencyKey, payload: outbox.payload })
    .from(outbox)
    .where(and(eq(outbox.organisationId, organisationId), inArray(outbox.idempotencyKey, keys)));
  return new Map(sent.flatMap((row) => (typeof row.payload.to === 'string' ? [[row.key, row.payload.to] as const] : [])));
}

function toSummary(row: Row, recipients: Map<string, string>): LegalReportSummary {
  return {
    id: row.id,
    month: row.periodStart.slice(0, 7),
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    generatedAt: row.generatedAt.toISOString(),
    emailedTo: recipients.get(legalReportEmailKey(row.id, row.generatedAt)) ?? null,
  };
}

export async function toLegalReportDtos(tx: Tx, organisationId: string, rows: Row[]): Promise<LegalReport[]> {
  const recipients = await findRecipients(tx, organisationId, rows);
  return rows.map((row) => ({ ...toSummary(row, recipients), figures: LegalReportFigures.parse(row.figures) }));
}

export async function findLegalReport(tx: Tx, organisationId: string, legalReportId: string): Promise<LegalReport> {
  const rows = await tx
    .select(legalReportColumns)
    .from(legalReports)
    .where(and(eq(legalReports.organisationId, organisationId), eq(legalReports.id, legalReportId)));
  const [report] = await toLegalReportDtos(tx, organisationId, rows);
  if (!report) throw legalReportNotFound(legalReportId, organisationId);
  return report;
}
