import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { getIncidentReport } from '@/lib/records/incidents/get-incident-report';
import { IncidentReportIdParams, UpdateIncidentReportBody } from '@/lib/records/incidents/schemas';
import { updateIncidentReport } from '@/lib/records/incidents/update-incident-report';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/incident-reports/{id} – a report (the SAFEGUARDING duty, its reporter, or its subject)
  GET: route({ role: 'EMPLOYEE', params: IncidentReportIdParams }, async ({ tx, ctx, params }) => ok(await getIncidentReport(tx, ctx, params.id))),

  // PATCH /api/v1/incident-reports/{id} – handle a report: status, severity, description (the SAFEGUARDING duty)
  PATCH: route({ role: 'EMPLOYEE', params: IncidentReportIdParams, body: UpdateIncidentReportBody }, async ({ tx, ctx, params, body }) =>
    ok(await updateIncidentReport(tx, ctx, params.id, body)),
  ),
});
