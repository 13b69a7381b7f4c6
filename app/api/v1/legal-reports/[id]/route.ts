import { ok } from '@/lib/api/responses';
import { methodNotAllowed, route } from '@/lib/api/route';
import { findLegalReport } from '@/lib/legal-reports/legal-report-store';
import { LegalReportIdParams } from '@/lib/legal-reports/schemas';

// GET /api/v1/legal-reports/{id} – one month's report with its figures
export const GET = route({ role: 'ADMIN', params: LegalReportIdParams }, async ({ tx, ctx, params }) => ok(await findLegalReport(tx, ctx.organisationId, params.id)));

export const PUT = methodNotAllowed(['GET']);
export const POST = methodNotAllowed(['GET']);
export const PATCH = methodNotAllowed(['GET']);
export const DELETE = methodNotAllowed(['GET']);
