import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { getIncidentReport } from '@/lib/records/incidents/get-incident-report';
import { updateIncidentReport } from '@/lib/records/incidents/update-incident-report';
import * as incidentReports from '@/lib/transport/operations/records/incident-reports';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(incidentReports.getIncidentReport, async ({ tx, ctx, params }) => ok(await getIncidentReport(tx, ctx, params.id))),

  PATCH: route(incidentReports.updateIncidentReport, async ({ tx, ctx, params, body }) =>
    ok(await updateIncidentReport(tx, ctx, params.id, body)),
  ),
});
