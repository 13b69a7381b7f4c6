import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { findLegalReport } from '@/lib/privacy/legal-reports/legal-report-store';
import { LegalReportIdParams } from '@/lib/privacy/legal-reports/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/legal-reports/{id} – one month's report with its figures
  GET: route({ role: 'ADMIN', params: LegalReportIdParams }, async ({ tx, ctx, params }) => ok(await findLegalReport(tx, ctx.organisationId, params.id))),
});
