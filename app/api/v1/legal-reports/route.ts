import { json, ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { listLegalReports } from '@/lib/privacy/legal-reports/list-legal-reports';
import { requestLegalReport } from '@/lib/privacy/legal-reports/request-legal-report';
import * as legalReports from '@/lib/transport/operations/privacy/legal-reports';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(legalReports.listLegalReports, async ({ tx, ctx, query }) => ok(await listLegalReports(tx, ctx, query))),

  POST: route(legalReports.generateLegalReport, async ({ tx, ctx, body }) => {
    const { report } = await requestLegalReport(tx, ctx, body);
    return json(report, { status: 201, headers: { Location: `/api/v1/legal-reports/${report.id}` } });
  }),
});
