import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { AntidopingRecordIdParams, ListAntidopingRecordsQuery } from '@/lib/records/antidoping/schemas';
import { IncidentReportIdParams, ListIncidentReportsQuery } from '@/lib/records/incidents/schemas';
import { registerTenantOperation } from './register-tenant-operation';
import type { ResourceSchemas } from './resource-schemas';

const medicalOnly = 'Needs the MEDICAL duty; the ADMIN role alone answers 403.';
const safeguardingOnly = 'Needs the SAFEGUARDING duty; the ADMIN role alone answers 403.';
const kept = 'Kept 10 years (spec 001): there is no DELETE, a mistake is corrected with PATCH.';
const sensitiveRead = 'Every response carrying a record writes SENSITIVE_RECORD_VIEWED for it (the field names, never the values), the subject’s own reads included.';

function registerAntidopingPaths(registry: OpenAPIRegistry, schemas: ResourceSchemas): void {
  registerTenantOperation(registry, {
    method: 'get',
    path: '/v1/antidoping-records',
    operationId: 'listAntidopingRecords',
    summary: 'List anti-doping records',
    description: `Newest first (by testedAt). ${medicalOnly} Without it, \`personId=me\` lists the caller's own records. ${sensitiveRead} One entry per returned record.`,
    tag: 'Anti-doping records',
    role: 'EMPLOYEE',
    query: ListAntidopingRecordsQuery,
    success: { status: 200, description: 'One page of anti-doping records.', schema: schemas.antidopingRecordPage },
  });
  registerTenantOperation(registry, {
    method: 'post',
    path: '/v1/antidoping-records',
    operationId: 'createAntidopingRecord',
    summary: 'Record a doping control',
    description: `${medicalOnly} ${kept} Records ANTIDOPING_RECORD_CREATED; the result and the notes appear there only by name.`,
    tag: 'Anti-doping records',
    role: 'EMPLOYEE',
    body: schemas.createAntidopingRecordBody,
    success: { status: 201, description: 'The recorded control; Location points to it.', schema: schemas.antidopingRecord },
    // The replay of a key whose record the caller may no longer read answers the record's GET 404 (readBack).
    errors: ['PERSON_NOT_FOUND', 'ANTIDOPING_RECORD_NOT_FOUND'],
  });
  registerTenantOperation(registry, {
    method: 'get',
    path: '/v1/antidoping-records/{id}',
    operationId: 'getAntidopingRecord',
    summary: 'Get an anti-doping record',
    description: `For the MEDICAL duty, or the athlete tested (anyone else gets 404, as for a missing record). ${sensitiveRead}`,
    tag: 'Anti-doping records',
    role: 'EMPLOYEE',
    params: AntidopingRecordIdParams,
    success: { status: 200, description: 'The anti-doping record.', schema: schemas.antidopingRecord },
    errors: ['ANTIDOPING_RECORD_NOT_FOUND'],
  });
  registerTenantOperation(registry, {
    method: 'patch',
    path: '/v1/antidoping-records/{id}',
    operationId: 'updateAntidopingRecord',
    summary: 'Change an anti-doping record',
    description: `${medicalOnly} Records ANTIDOPING_RECORD_UPDATED; a changed result or notes appear only as \`{ changed: true }\`.`,
    tag: 'Anti-doping records',
    role: 'EMPLOYEE',
    params: AntidopingRecordIdParams,
    body: schemas.updateAntidopingRecordBody,
    success: { status: 200, description: 'The updated record.', schema: schemas.antidopingRecord },
    errors: ['ANTIDOPING_RECORD_NOT_FOUND'],
  });
}

function registerIncidentPaths(registry: OpenAPIRegistry, schemas: ResourceSchemas): void {
  registerTenantOperation(registry, {
    method: 'get',
    path: '/v1/incident-reports',
    operationId: 'listIncidentReports',
    summary: 'List incident reports',
    description: `Newest first (by occurredAt). ${safeguardingOnly} Without it, \`personId=me\` lists the reports about the caller and \`reportedBy=me\` those the caller filed. ${sensitiveRead} One entry per returned report.`,
    tag: 'Incident reports',
    role: 'EMPLOYEE',
    query: ListIncidentReportsQuery,
    success: { status: 200, description: 'One page of incident reports.', schema: schemas.incidentReportPage },
  });
  registerTenantOperation(registry, {
    method: 'post',
    path: '/v1/incident-reports',
    operationId: 'createIncidentReport',
    summary: 'File an incident report',
    description: `Anyone may file a report about a person of the organisation; the caller is always the reporter. ${kept} Records INCIDENT_REPORT_FILED; the description appears there only by name.`,
    tag: 'Incident reports',
    role: 'EMPLOYEE',
    body: schemas.createIncidentReportBody,
    success: { status: 201, description: 'The filed report, status open; Location points to it.', schema: schemas.incidentReport },
    // The replay of a key whose record the caller may no longer read answers the record's GET 404 (readBack).
    errors: ['PERSON_NOT_FOUND', 'INCIDENT_REPORT_NOT_FOUND'],
  });
  registerTenantOperation(registry, {
    method: 'get',
    path: '/v1/incident-reports/{id}',
    operationId: 'getIncidentReport',
    summary: 'Get an incident report',
    description: `For the SAFEGUARDING duty, the reporter, or the subject, who is not shown the reporter (anyone else gets 404, as for a missing report). ${sensitiveRead}`,
    tag: 'Incident reports',
    role: 'EMPLOYEE',
    params: IncidentReportIdParams,
    success: { status: 200, description: 'The incident report.', schema: schemas.incidentReport },
    errors: ['INCIDENT_REPORT_NOT_FOUND'],
  });
  registerTenantOperation(registry, {
    method: 'patch',
    path: '/v1/incident-reports/{id}',
    operationId: 'updateIncidentReport',
    summary: 'Handle an incident report',
    description: `Status, severity and description. ${safeguardingOnly} The reporter cannot change a filed report either. Records INCIDENT_REPORT_UPDATED; a changed description appears only as \`{ changed: true }\`.`,
    tag: 'Incident reports',
    role: 'EMPLOYEE',
    params: IncidentReportIdParams,
    body: schemas.updateIncidentReportBody,
    success: { status: 200, description: 'The updated report.', schema: schemas.incidentReport },
    errors: ['INCIDENT_REPORT_NOT_FOUND'],
  });
}

/** Anti-doping records (the MEDICAL duty) and incident reports (the SAFEGUARDING duty), each read audited. */
export function registerIntegrityPaths(registry: OpenAPIRegistry, schemas: ResourceSchemas): void {
  registerAntidopingPaths(registry, schemas);
  registerIncidentPaths(registry, schemas);
}
