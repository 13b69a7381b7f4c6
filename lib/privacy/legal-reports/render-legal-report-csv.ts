import Papa from 'papaparse';
import { legalReportLines, utc } from './legal-report-lines';
import type { LegalReport } from './schemas';

/**
 * One figure per row (section, item, metric, value), so the file opens as a plain table in any spreadsheet.
 * RFC 4180 with CRLF and a BOM so Excel reads UTF-8; names led by = + - @ are quoted as text.
 */
export function renderLegalReportCsv(report: LegalReport, organisationName: string): Buffer {
  const { figures } = report;
  const rows: (string | number)[][] = [
    ['Section', 'Item', 'Metric', 'Value'],
    ['Report', '', 'Organisation', organisationName],
    ['Report', '', 'Period start', figures.periodStart],
    ['Report', '', 'Period end', figures.periodEnd],
    ['Report', '', 'Generated at', utc(report.generatedAt)],
    ...legalReportLines(figures).flatMap((section) => section.lines.map((line) => [section.heading, line.item, line.metric, line.value])),
  ];
  return Buffer.from(`\uFEFF${Papa.unparse(rows, { newline: '\r\n', escapeFormulae: true })}\r\n`, 'utf8');
}
