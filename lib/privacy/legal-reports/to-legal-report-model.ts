import { formatDate, formatDateTime } from '@/lib/platform/format/dates';
import type { ReportModel, ReportRecord } from '@/lib/privacy/reports/report-model';
import { legalReportLines } from './legal-report-lines';
import type { LegalReport } from './schemas';

/** The stored figures as a printable report: one record per accessor, the section's own figures as the first. */
export function toLegalReportModel(report: LegalReport, organisationName: string): ReportModel {
  const { figures } = report;
  const period = `${formatDate(figures.periodStart)} to ${formatDate(figures.periodEnd)}`;
  return {
    title: 'Monthly legal report',
    subtitle: `Data-subject rights and retention, ${period}`,
    organisationName,
    subjectName: 'The legal department',
    generatedAt: new Date(report.generatedAt),
    intro: [
      `The monthly report for the legal department of ${organisationName}, for ${period} (UTC): erasure requests, retention anomalies and the users who read sensitive records.`,
      `The figures were computed on ${formatDateTime(figures.asOf)}. The same figures are available as a CSV file.`,
    ],
    sections: legalReportLines(figures).map((section) => {
      const groups = new Map<string, ReportRecord>();
      for (const line of section.lines) {
        const record = groups.get(line.item) ?? { ...(line.item ? { heading: line.item } : {}), fields: [] };
        record.fields.push({ label: line.metric, value: String(line.value) });
        groups.set(line.item, record);
      }
      return { heading: section.heading, description: section.description, records: [...groups.values()] };
    }),
  };
}
