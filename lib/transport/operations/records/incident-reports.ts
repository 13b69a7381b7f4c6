import { getIncidentReport as readBack } from '@/lib/records/incidents/get-incident-report';
import { IncidentReportIdParams, ListIncidentReportsQuery } from '@/lib/records/incidents/schemas';
import { resourceSchemas as schemas } from '@/lib/transport/operations/resource-schemas';
import { defineOperation } from '../operation';

// Incident reports are for the SAFEGUARDING duty, their reporter and their subject; each read is audited.
const tag = 'Incident reports';
const safeguardingOnly = 'Needs the SAFEGUARDING duty; the ADMIN role alone answers 403.';
const kept = 'Kept 10 years (spec 001): there is no DELETE, a mistake is corrected with PATCH.';
const sensitiveRead = 'Every response carrying a record writes SENSITIVE_RECORD_VIEWED for it (the field names, never the values), the subject’s own reads included.';

export const listIncidentReports = defineOperation({
  method: 'get',
  path: '/v1/incident-reports',
  operationId: 'listIncidentReports',
  summary: 'List incident reports',
  description: `Newest first (by occurredAt). ${safeguardingOnly} Without it, \`personId=me\` lists the reports about the caller and \`reportedBy=me\` those the caller filed. ${sensitiveRead} One entry per returned report.`,
  tag,
  role: 'EMPLOYEE',
  query: ListIncidentReportsQuery,
  success: { status: 200, description: 'One page of incident reports.', schema: schemas.incidentReportPage },
});

export const createIncidentReport = defineOperation({
  method: 'post',
  path: '/v1/incident-reports',
  operationId: 'createIncidentReport',
  summary: 'File an incident report',
  description: `Anyone may file a report about a person of the organisation; the caller is always the reporter. ${kept} Records INCIDENT_REPORT_FILED; the description appears there only by name.`,
  tag,
  role: 'EMPLOYEE',
  body: schemas.createIncidentReportBody,
  success: { status: 201, description: 'The filed report, status open; Location points to it.', schema: schemas.incidentReport },
  // The replay of a key whose record the caller may no longer read answers the record's GET 404 (readBack).
  errors: ['PERSON_NOT_FOUND', 'INCIDENT_REPORT_NOT_FOUND'],
  readBack,
});

export const getIncidentReport = defineOperation({
  method: 'get',
  path: '/v1/incident-reports/{id}',
  operationId: 'getIncidentReport',
  summary: 'Get an incident report',
  description: `For the SAFEGUARDING duty, the reporter, or the subject, who is not shown the reporter (anyone else gets 404, as for a missing report). ${sensitiveRead}`,
  tag,
  role: 'EMPLOYEE',
  params: IncidentReportIdParams,
  success: { status: 200, description: 'The incident report.', schema: schemas.incidentReport },
  errors: ['INCIDENT_REPORT_NOT_FOUND'],
});

export const updateIncidentReport = defineOperation({
  method: 'patch',
  path: '/v1/incident-reports/{id}',
  operationId: 'updateIncidentReport',
  summary: 'Handle an incident report',
  description: `Status, severity and description. ${safeguardingOnly} The reporter cannot change a filed report either. Records INCIDENT_REPORT_UPDATED; a changed description appears only as \`{ changed: true }\`.`,
  tag,
  role: 'EMPLOYEE',
  params: IncidentReportIdParams,
  body: schemas.updateIncidentReportBody,
  success: { status: 200, description: 'The updated report.', schema: schemas.incidentReport },
  errors: ['INCIDENT_REPORT_NOT_FOUND'],
});
