import { created, ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { createIncidentReport } from '@/lib/records/incidents/create-incident-report';
import { listIncidentReports } from '@/lib/records/incidents/list-incident-reports';
import { CreateIncidentReportBody, ListIncidentReportsQuery } from '@/lib/records/incidents/schemas';
import { getIncidentReport } from '@/lib/records/incidents/get-incident-report';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/incident-reports – reports (the SAFEGUARDING duty), or the caller's with personId=me / reportedBy=me
  GET: route({ role: 'EMPLOYEE', query: ListIncidentReportsQuery }, async ({ tx, ctx, query }) => ok(await listIncidentReports(tx, ctx, query))),

  // POST /api/v1/incident-reports – file a report about a person (anyone; the caller is the reporter)
  POST: route({ role: 'EMPLOYEE', body: CreateIncidentReportBody, readBack: getIncidentReport }, async ({ tx, ctx, body }) => {
    const report = await createIncidentReport(tx, ctx, body);
    return created(report, `/api/v1/incident-reports/${report.id}`);
  }),
});
