import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../support/api';
import { createTenant, createUser, ownerDb, type TestTenant, type TestUser } from '../../../support/factories';
import { personIdOf } from '../../privacy/data-export/data-export-helpers';
import { auditLogApi, auditLogMcp, backupAuditLog, ownDataExport } from './audit-read-paths';

// The reporter of an incident is known to the SAFEGUARDING duty and to the reporter, never to the person
// reported: not through the incident API, the audit log, the MCP tool, a backup or their own data export.

let tenant: TestTenant;
let reporter: TestUser;
let subject: TestUser;
let welfare: TestUser;
let welfareSubject: TestUser;
const tokens = { reporter: '', subject: '', welfare: '', welfareSubject: '', admin: '' };
let reportId: string;
let reportAboutWelfare: string;
let activityId: string;

const api = (method: string, path: string, token: string, json?: unknown) => call(method, path, { tenant: tenant.slug, token, json });

beforeAll(async () => {
  tenant = await createTenant();
  // The subject and a welfare officer who is also reported are admins, so they can read the audit log themselves.
  [reporter, subject, welfare, welfareSubject] = await Promise.all([
    createUser(tenant.id, 'EMPLOYEE'),
    createUser(tenant.id, 'ADMIN'),
    createUser(tenant.id, 'ADMIN'),
    createUser(tenant.id, 'ADMIN'),
  ]);
  await ownerDb()`update users set duties = '{COACH}' where id = ${reporter.id}`;
  await ownerDb()`update users set duties = '{SAFEGUARDING}' where id in (${welfare.id}, ${welfareSubject.id})`;
  [tokens.reporter, tokens.subject, tokens.welfare, tokens.welfareSubject, tokens.admin] = await Promise.all([
    reporter.token(),
    subject.token(),
    welfare.token(),
    welfareSubject.token(),
    tenant.admin.token(),
  ]);
  const [subjectPerson, welfarePerson] = await Promise.all([personIdOf(subject), personIdOf(welfareSubject)]);

  // The reporter coaches the subject: the activity names them as its recorder, which the subject may read.
  const activity = await api('POST', '/api/v1/activities', tokens.reporter, { personId: subjectPerson, type: 'training', title: 'Sprint drills', occurredAt: '2026-09-01T16:00:00Z' });
  expect(activity.status).toBe(201);
  activityId = activity.body.id;
  const filed = await api('POST', '/api/v1/incident-reports', tokens.reporter, { personId: subjectPerson, occurredAt: '2026-09-02T17:00:00Z', severity: 'medium', description: 'Pushed a team-mate.' });
  expect(filed.status).toBe(201);
  reportId = filed.body.id;
  const aboutWelfare = await api('POST', '/api/v1/incident-reports', tokens.reporter, { personId: welfarePerson, occurredAt: '2026-09-03T17:00:00Z', severity: 'low', description: 'Shouted at a referee.' });
  expect(aboutWelfare.status).toBe(201);
  reportAboutWelfare = aboutWelfare.body.id;
  // The reporter looks at what they filed, and the welfare officer reads the report: two more reads of it.
  expect((await api('GET', '/api/v1/incident-reports?reportedBy=me', tokens.reporter)).status).toBe(200);
  expect((await api('GET', `/api/v1/incident-reports/${reportId}`, tokens.welfare)).status).toBe(200);
});

describe('the reporter of an incident', () => {
  it('stays in the audit log as written: the rule is applied when entries are read', async () => {
    const stored = await ownerDb()`select action, actor_user_id from audit_log where target_id = ${reportId} order by id`;
    expect(stored.map((row) => [row.action, row.actor_user_id])).toEqual([
      ['INCIDENT_REPORT_FILED', reporter.id],
      ['SENSITIVE_RECORD_VIEWED', reporter.id],
      ['SENSITIVE_RECORD_VIEWED', reporter.id],
      ['SENSITIVE_RECORD_VIEWED', welfare.id],
    ]);
  });

  it('is withheld from the subject and from an admin without the duty in GET /api/v1/audit-log; the duty sees it', async () => {
    for (const token of [tokens.subject, tokens.admin]) {
      const { data } = await auditLogApi(tenant, token, `targetId=${reportId}`);
      expect(data.map((entry) => [entry.action, entry.actor])).toEqual([
        ['SENSITIVE_RECORD_VIEWED', { type: 'USER', userId: welfare.id }],
        ['SENSITIVE_RECORD_VIEWED', { type: 'USER', userId: null }],
        ['SENSITIVE_RECORD_VIEWED', { type: 'USER', userId: null }],
        ['INCIDENT_REPORT_FILED', { type: 'USER', userId: null }],
      ]);
      // The request id would join the withheld entries to the reporter's other entries of the same request.
      expect(data.filter((entry) => entry.actor.userId === null).map((entry) => entry.requestId)).toEqual([null, null, null]);
      expect(JSON.stringify(data)).not.toContain(reporter.id);
    }
    const { data } = await auditLogApi(tenant, tokens.welfare, `targetId=${reportId}`);
    expect(data.map((entry) => entry.actor.userId)).toEqual([welfare.id, reporter.id, reporter.id, reporter.id]);
  });

  it('cannot be found by filtering the audit log by actor: the activity shows, the report does not', async () => {
    const { data, total } = await auditLogApi(tenant, tokens.subject, `actorUserId=${reporter.id}`);
    expect(data.map((entry) => [entry.action, entry.target.id])).toEqual([['ACTIVITY_RECORDED', activityId]]);
    expect(total).toBe(1);
    const ofDuty = await auditLogApi(tenant, tokens.welfare, `actorUserId=${reporter.id}&targetType=INCIDENT_REPORT`);
    expect(ofDuty.data.map((entry) => entry.target.id)).toContain(reportId);
  });

  it('is withheld from a SAFEGUARDING holder about whom the report is, in the incident API and the audit log', async () => {
    const read = await api('GET', `/api/v1/incident-reports/${reportAboutWelfare}`, tokens.welfareSubject);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: reportAboutWelfare, reportedByUserId: null });
    const byReporter = await api('GET', `/api/v1/incident-reports?reportedBy=${reporter.id}`, tokens.welfareSubject);
    expect(byReporter.status).toBe(200);
    expect(byReporter.body.data.map((r: { id: string }) => r.id)).toEqual([reportId]);
    expect(byReporter.body.data[0].reportedByUserId).toBe(reporter.id);
    const { data } = await auditLogApi(tenant, tokens.welfareSubject, `targetId=${reportAboutWelfare}`);
    expect(data.length).toBeGreaterThan(0);
    expect(JSON.stringify(data)).not.toContain(reporter.id);
    const other = await auditLogApi(tenant, tokens.welfareSubject, `targetId=${reportId}&action=INCIDENT_REPORT_FILED`);
    expect(other.data.map((entry) => entry.actor.userId)).toEqual([reporter.id]);
  });

  it('is withheld by the MCP tool svc_get_audit_log', async () => {
    const entries = await auditLogMcp(tenant, tokens.subject, { targetId: reportId });
    expect(entries.filter((entry) => entry.actor.userId === null).map((entry) => entry.action)).toEqual(['SENSITIVE_RECORD_VIEWED', 'SENSITIVE_RECORD_VIEWED', 'INCIDENT_REPORT_FILED']);
    expect(JSON.stringify(entries)).not.toContain(reporter.id);
    expect(await auditLogMcp(tenant, tokens.subject, { actorUserId: reporter.id, targetType: 'INCIDENT_REPORT' })).toEqual([]);
  });

  it('cannot be read from a tenant backup, which any admin may download: the file is sealed, and only a restore opens it', async () => {
    const { readable, sealedRows } = await backupAuditLog(tenant, tokens.admin, 'reporter-backup');
    expect(readable).not.toContain(reporter.id);
    expect(readable).not.toContain(reportId);
    // A restore needs the entries as they are; the restored organisation's readers redact them as here.
    const rows = sealedRows.filter((row) => row.target_id === reportId);
    expect(rows.map((row) => row.actor_user_id)).toEqual(expect.arrayContaining([reporter.id, welfare.id]));
  });

  it("is not in the subject's own data export, whose activities still name their recorder", async () => {
    const document = await ownDataExport(tenant, tokens.subject, 'reporter-export');
    expect(document.activities).toEqual([expect.objectContaining({ id: activityId, recordedByUserId: reporter.id })]);
    expect(document.incidentReports).toEqual([expect.objectContaining({ id: reportId, aboutYou: true, filedByYou: false })]);
    const aboutReport = (document.auditEntries as { targetId: string; actorUserId: string | null; action: string }[]).filter((entry) => entry.targetId === reportId);
    expect(aboutReport.filter((entry) => entry.actorUserId === null).map((entry) => entry.action)).toEqual(['INCIDENT_REPORT_FILED', 'SENSITIVE_RECORD_VIEWED', 'SENSITIVE_RECORD_VIEWED']);
    expect(aboutReport.map((entry) => entry.actorUserId)).toContain(welfare.id);
    // The recorder of the activity may be named; nothing about the report may carry the same id.
    expect(JSON.stringify(aboutReport)).not.toContain(reporter.id);
    expect(JSON.stringify(document.incidentReports)).not.toContain(reporter.id);
  });

  it("is in the reporter's own data export, as their own action", async () => {
    const document = await ownDataExport(tenant, tokens.reporter, 'reporter-own-export');
    const filed = (document.auditEntries as { targetId: string; actorUserId: string | null; action: string; byYou: boolean }[]).filter((entry) => entry.targetId === reportId);
    expect(filed.find((entry) => entry.action === 'INCIDENT_REPORT_FILED')).toMatchObject({ actorUserId: reporter.id, byYou: true });
  });
});
