import { ok } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { findLegalReport } from '@/lib/privacy/legal-reports/legal-report-store';
import { LegalReportIdParams } from '@/lib/privacy/legal-reports/schemas';

// GET /api/v1/legal-reports/{id} – one month's report with its figures
export const GET = route({ role: 'ADMIN', params: LegalReportIdParams }, async ({ tx, ctx, params }) => ok(await findLegalReport(tx, ctx.organisationId, params.id)));

export const PUT = methodNotAllowed(['GET']);
export const POST = methodNotAllowed(['GET']);
export const PATCH = methodNotAllowed(['GET']);
export const DELETE = methodNotAllowed(['GET']);
