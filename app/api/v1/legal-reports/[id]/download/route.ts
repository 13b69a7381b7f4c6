import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { downloadLegalReport } from '@/lib/privacy/legal-reports/download-legal-report';
import { fileDownloadResponse } from '@/lib/transport/http/file-download';
import * as legalReports from '@/lib/transport/operations/privacy/legal-reports';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(legalReports.downloadLegalReport, async ({ tx, ctx, params, query }) =>
    fileDownloadResponse(await downloadLegalReport(tx, ctx, { legalReportId: params.id, format: query.format })),
  ),
});
