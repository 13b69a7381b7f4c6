import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { downloadLegalReport } from '@/lib/privacy/legal-reports/download-legal-report';
import { fileDownloadResponse } from '@/lib/transport/http/file-download';
import { DownloadLegalReportQuery, LegalReportIdParams } from '@/lib/privacy/legal-reports/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/legal-reports/{id}/download?format=csv|pdf – the report as a spreadsheet or a printable PDF
  GET: route({ role: 'ADMIN', params: LegalReportIdParams, query: DownloadLegalReportQuery }, async ({ tx, ctx, params, query }) =>
    fileDownloadResponse(await downloadLegalReport(tx, ctx, { legalReportId: params.id, format: query.format })),
  ),
});
