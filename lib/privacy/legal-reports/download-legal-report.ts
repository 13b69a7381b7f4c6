import type { Tx } from '@/db/client';
import { recordAudit } from '@/lib/platform/audit/record-audit';
import type { RequestContext } from '@/lib/platform/core/context';
import { renderReportPdf } from '@/lib/privacy/reports/render-report-pdf';
import { findLegalReport } from './legal-report-store';
import { renderLegalReportCsv } from './render-legal-report-csv';
import type { LegalReportFormat } from './schemas';
import { toLegalReportModel } from './to-legal-report-model';

export type LegalReportFile = { filename: string; contentType: string; content: Buffer };

const contentTypes: Record<LegalReportFormat, string> = { csv: 'text/csv; charset=utf-8', pdf: 'application/pdf' };

/** The stored figures rendered as CSV or PDF; each download is audited, since the file names who read what. */
export async function downloadLegalReport(
  tx: Tx,
  ctx: Pick<RequestContext, 'organisationId' | 'organisation' | 'requestId' | 'user'>,
  input: { legalReportId: string; format: LegalReportFormat },
): Promise<LegalReportFile> {
  const report = await findLegalReport(tx, ctx.organisationId, input.legalReportId);
  const name = ctx.organisation.name;
  const content = input.format === 'csv' ? renderLegalReportCsv(report, name) : await renderReportPdf(toLegalReportModel(report, name));
  await recordAudit(tx, ctx, { action: 'LEGAL_REPORT_DOWNLOADED', targetType: 'LEGAL_REPORT', targetId: report.id, metadata: { month: report.month, format: input.format } });
  return { filename: `legal-report-${ctx.organisation.slug}-${report.month}.${input.format}`, contentType: contentTypes[input.format], content };
}
