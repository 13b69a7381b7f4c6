import { z } from 'zod';
import { pageSchema } from '@/lib/platform/pagination';
import {
  DownloadLegalReportQuery,
  GenerateLegalReportBody,
  LegalReport as LegalReportSchema,
  LegalReportIdParams,
  ListLegalReportsQuery,
} from '@/lib/privacy/legal-reports/schemas';
import { defineOperation } from '../operation';
import { named } from '../named';

const tag = 'Legal reports';

const LegalReport = named('LegalReport', LegalReportSchema, { description: "One month's legal report: when it was generated, whom it was e-mailed to, and its figures." });
const LegalReportPage = named('LegalReportPage', pageSchema(LegalReport), { description: 'One page of legal reports, newest month first.' });
const LegalReportFile = named('LegalReportFile', z.string(), {
  format: 'binary',
  description:
    'format=csv: one figure per row with the columns Section, Item, Metric, Value (UTF-8 with BOM, CRLF). format=pdf: the same figures as a printable report. Both are rendered from the stored figures.',
});

export const listLegalReports = defineOperation({
  method: 'get',
  path: '/v1/legal-reports',
  operationId: 'listLegalReports',
  summary: 'List legal reports',
  description: 'The monthly reports for the legal department, newest month first. A job makes each on the 1st at 03:00 UTC for the month before.',
  tag,
  role: 'ADMIN',
  query: ListLegalReportsQuery,
  success: { status: 200, description: 'One page of reports.', schema: LegalReportPage },
});

export const generateLegalReport = defineOperation({
  method: 'post',
  path: '/v1/legal-reports',
  operationId: 'generateLegalReport',
  summary: 'Generate a legal report',
  description:
    "Computes the figures of a calendar month (UTC) that is over and stores them as that month's report, replacing the figures of an earlier generation. A month not yet over answers 400. The summary is e-mailed to the organisation's legal contact, when one is set. Records LEGAL_REPORT_GENERATED.",
  tag,
  role: 'ADMIN',
  body: GenerateLegalReportBody,
  success: { status: 201, description: 'The report; Location points to it.', schema: LegalReport },
});

export const getLegalReport = defineOperation({
  method: 'get',
  path: '/v1/legal-reports/{id}',
  operationId: 'getLegalReport',
  summary: 'Get a legal report',
  description: 'One report with all its figures.',
  tag,
  role: 'ADMIN',
  params: LegalReportIdParams,
  success: { status: 200, description: 'The report.', schema: LegalReport },
  errors: ['LEGAL_REPORT_NOT_FOUND'],
});

export const downloadLegalReport = defineOperation({
  method: 'get',
  path: '/v1/legal-reports/{id}/download',
  operationId: 'downloadLegalReport',
  summary: 'Download a legal report',
  description: 'The report as CSV or PDF, as an attachment named `legal-report-<slug>-<YYYY-MM>.<csv|pdf>`. Records LEGAL_REPORT_DOWNLOADED.',
  tag,
  role: 'ADMIN',
  params: LegalReportIdParams,
  query: DownloadLegalReportQuery,
  success: {
    status: 200,
    description: 'The file: text/csv for format=csv, application/pdf for format=pdf.',
    schema: LegalReportFile,
    mediaType: ['text/csv', 'application/pdf'],
    headers: { 'Content-Disposition': { description: 'attachment; filename="legal-report-<slug>-<YYYY-MM>.<csv|pdf>"', schema: { type: 'string' } } },
  },
  errors: ['LEGAL_REPORT_NOT_FOUND'],
});
