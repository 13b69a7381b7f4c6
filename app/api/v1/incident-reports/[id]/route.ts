import { ok } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { getIncidentReport } from '@/lib/records/incidents/get-incident-report';
import { IncidentReportIdParams, UpdateIncidentReportBody } from '@/lib/records/incidents/schemas';
import { updateIncidentReport } from '@/lib/records/incidents/update-incident-report';

// GET /api/v1/incident-reports/{id} – a report (the SAFEGUARDING duty, its reporter, or its subject)
export const GET = route({ role: 'EMPLOYEE', params: IncidentReportIdParams }, async ({ tx, ctx, params }) => ok(await getIncidentReport(tx, ctx, params.id)));

// PATCH /api/v1/incident-reports/{id} – handle a report: status, severity, description (the SAFEGUARDING duty)
export const PATCH = route({ role: 'EMPLOYEE', params: IncidentReportIdParams, body: UpdateIncidentReportBody }, async ({ tx, ctx, params, body }) =>
  ok(await updateIncidentReport(tx, ctx, params.id, body)),
);

export const PUT = methodNotAllowed(['GET', 'PATCH']);
export const POST = methodNotAllowed(['GET', 'PATCH']);
export const DELETE = methodNotAllowed(['GET', 'PATCH']);
