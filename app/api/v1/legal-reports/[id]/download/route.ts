import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { downloadLegalReport } from '@/lib/privacy/legal-reports/download-legal-report';
import { fileDownloadResponse } from '@/lib/transport/http/file-download';
import { DownloadLegalReportQuery, LegalReportIdParams } from '@/lib/privacy/legal-reports/schemas';

// GET /api/v1/legal-reports/{id}/download?format=csv|pdf – the report as a spreadsheet or a printable PDF
export const GET = route({ role: 'ADMIN', params: LegalReportIdParams, query: DownloadLegalReportQuery }, async ({ tx, ctx, params, query }) =>
  fileDownloadResponse(await downloadLegalReport(tx, ctx, { legalReportId: params.id, format: query.format })),
);

export const PUT = methodNotAllowed(['GET']);
export const POST = methodNotAllowed(['GET']);
export const PATCH = methodNotAllowed(['GET']);
export const DELETE = methodNotAllowed(['GET']);
