import { json, ok } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { listLegalReports } from '@/lib/privacy/legal-reports/list-legal-reports';
import { requestLegalReport } from '@/lib/privacy/legal-reports/request-legal-report';
import { GenerateLegalReportBody, ListLegalReportsQuery } from '@/lib/privacy/legal-reports/schemas';

// GET /api/v1/legal-reports – the monthly legal reports, newest month first
export const GET = route({ role: 'ADMIN', query: ListLegalReportsQuery }, async ({ tx, ctx, query }) => ok(await listLegalReports(tx, ctx, query)));

// POST /api/v1/legal-reports – generate (or regenerate) the report of a month that is over
export const POST = route({ role: 'ADMIN', body: GenerateLegalReportBody }, async ({ tx, ctx, body }) => {
  const { report } = await requestLegalReport(tx, ctx, body);
  return json(report, { status: 201, headers: { Location: `/api/v1/legal-reports/${report.id}` } });
});

export const PUT = methodNotAllowed(['GET', 'POST']);
export const PATCH = methodNotAllowed(['GET', 'POST']);
export const DELETE = methodNotAllowed(['GET', 'POST']);
