import { created, ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { createIncidentReport } from '@/lib/records/incidents/create-incident-report';
import { listIncidentReports } from '@/lib/records/incidents/list-incident-reports';
import * as incidentReports from '@/lib/transport/operations/records/incident-reports';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(incidentReports.listIncidentReports, async ({ tx, ctx, query }) => ok(await listIncidentReports(tx, ctx, query))),

  POST: route(incidentReports.createIncidentReport, async ({ tx, ctx, body }) => {
    const report = await createIncidentReport(tx, ctx, body);
    return created(report, `/api/v1/incident-reports/${report.id}`);
  }),
});
