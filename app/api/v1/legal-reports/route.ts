import { json, ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { listLegalReports } from '@/lib/privacy/legal-reports/list-legal-reports';
import { requestLegalReport } from '@/lib/privacy/legal-reports/request-legal-report';
import { GenerateLegalReportBody, ListLegalReportsQuery } from '@/lib/privacy/legal-reports/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/legal-reports – the monthly legal reports, newest month first
  GET: route({ role: 'ADMIN', query: ListLegalReportsQuery }, async ({ tx, ctx, query }) => ok(await listLegalReports(tx, ctx, query))),

  // POST /api/v1/legal-reports – generate (or regenerate) the report of a month that is over
  POST: route({ role: 'ADMIN', body: GenerateLegalReportBody }, async ({ tx, ctx, body }) => {
    const { report } = await requestLegalReport(tx, ctx, body);
    return json(report, { status: 201, headers: { Location: `/api/v1/legal-reports/${report.id}` } });
  }),
});
