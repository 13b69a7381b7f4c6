import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { findLegalReport } from '@/lib/privacy/legal-reports/legal-report-store';
import * as legalReports from '@/lib/transport/operations/privacy/legal-reports';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(legalReports.getLegalReport, async ({ tx, ctx, params }) => ok(await findLegalReport(tx, ctx.organisationId, params.id))),
});
