import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectEnvelope } from '../../../support/api';
import { createIncidentReport, createPerson, createTenant, createUser, ownerDb, type TestTenant, type TestUser } from '../../../support/factories';

let tenant: TestTenant;
let other: TestTenant;
let welfare: TestUser;
let reporter: TestUser;
let bystander: TestUser;
let otherWelfare: TestUser;
const tokens = { admin: '', welfare: '', reporter: '', subject: '', bystander: '', otherWelfare: '' };
let subjectId: string;
let foreignPersonId: string;
let listPersonId: string;
const listed: string[] = [];

const DESCRIPTION = 'Shoved a team-mate after the final whistle; the coach separated them.';

beforeAll(async () => {
  [tenant, other] = await Promise.all([createTenant(), createTenant()]);
  [welfare, reporter, bystander, otherWelfare] = await Promise.all([
    createUser(tenant.id, 'EMPLOYEE'),
    createUser(tenant.id, 'EMPLOYEE'),
    createUser(tenant.id, 'EMPLOYEE'),
    createUser(other.id, 'EMPLOYEE'),
  ]);
  await ownerDb()`update users set duties = '{SAFEGUARDING}' where id in (${welfare.id}, ${otherWelfare.id})`;
  // Other duties open nothing here.
  await ownerDb()`update users set duties = '{MEDICAL,FINANCE,COACH}' where id = ${bystander.id}`;
  [tokens.admin, tokens.welfare, tokens.reporter, tokens.subject, tokens.bystander, tokens.otherWelfare] = await Promise.all([
    tenant.admin.token(),
    welfare.token(),
    reporter.token(),
    tenant.employee.token(),
    bystander.token(),
    otherWelfare.token(),
  ]);
  subjectId = (await ownerDb()`select person_id from users where id = ${tenant.employee.id}`)[0]!.person_id;
  [foreignPersonId, listPersonId] = await Promise.all([createPerson(other.id), createPerson(tenant.id)]);
  for (const [day, severity, status] of [
    ['2026-05-01', 'low', 'resolved'],
    ['2026-05-02', 'high', 'open'],
    ['2026-05-03', 'high', 'investigating'],
  ] as const) {
    listed.push(await createIncidentReport(tenant.id, { person_id: listPersonId, reported_by_user_id: welfare.id, occurred_at: new Date(`${day}T18:00:00.000Z`), severity, status }));
  }
});

const PATH = '/api/v1/incident-reports';
const api = (method: string, path: string, token: string, json?: unknown, slug = tenant.slug) => call(method, path, { tenant: slug, token, json });
const reportBody = (overrides: Record<string, unknown> = {}) => ({ personId: subjectId, occurredAt: '2026-10-04T17:30:00Z', severity: 'medium', description: DESCRIPTION, ...overrides });
const stored = async (id: string) => (await ownerDb()`select person_id, reported_by_user_id, occurred_at, severity, status, description from incident_reports where id = ${id}`)[0];
const countReports = async (organisationId: string) => (await ownerDb()`select count(*)::int as n from incident_reports where organisation_id = ${organisationId}`)[0]!.n as number;
const reads = (id: string) => ownerDb()`select actor_user_id, target_type, metadata from audit_log where target_id = ${id} and action = 'SENSITIVE_RECORD_VIEWED' order by id`;
const readsOfRequest = async (requestId: string) => (await ownerDb()`select count(*)::int as n from audit_log where action = 'SENSITIVE_RECORD_VIEWED' and request_id = ${requestId}`)[0]!.n as number;
const ids = (res: { body: { data: { id: string }[] } }) => res.body.data.map((d) => d.id);

async function fileReport(overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await api('POST', PATH, tokens.reporter, reportBody(overrides));
  expect(res.status).toBe(201);
  return res.body.id;
}

describe('POST /api/v1/incident-reports', () => {
  it('lets any employee file a report, as its reporter, open, audited without the description', async () => {
    const res = await api('POST', PATH, tokens.reporter, reportBody());
    expect(res.status).toBe(201);
    expect(res.headers.location).toBe(`${PATH}/${res.body.id}`);
    expect(res.body).toEqual({
      id: expect.any(String),
      personId: subjectId,
      subjectPseudonym: null,
      reportedByUserId: reporter.id,
      occurredAt: '2026-10-04T17:30:00.000Z',
      severity: 'medium',
      status: 'open',
      description: DESCRIPTION,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await stored(res.body.id)).toEqual({
      person_id: subjectId,
      reported_by_user_id: reporter.id,
      occurred_at: new Date('2026-10-04T17:30:00.000Z'),
      severity: 'medium',
      status: 'open',
      description: DESCRIPTION,
    });
    const audit = await ownerDb()`select action, actor_user_id, changes, metadata, changes::text || metadata::text as raw from audit_log where target_id = ${res.body.id} order by id`;
    expect(audit.map((a) => a.action)).toEqual(['INCIDENT_REPORT_FILED', 'SENSITIVE_RECORD_VIEWED']);
    expect(audit[0]).toMatchObject({
      actor_user_id: reporter.id,
      changes: {},
      metadata: { fields: ['description', 'personId', 'occurredAt', 'severity', 'status'], personId: { changed: true }, severity: { changed: true } },
    });
    for (const entry of audit) expect(entry.raw).not.toMatch(new RegExp(`shoved|whistle|medium|${subjectId}`, 'i'));
  });

  it('lets an ADMIN and the SAFEGUARDING duty file reports too', async () => {
    const byAdmin = await api('POST', PATH, tokens.admin, reportBody());
    expect(byAdmin.status).toBe(201);
    expect(byAdmin.body.reportedByUserId).toBe(tenant.admin.id);
    expect((await api('POST', PATH, tokens.welfare, reportBody())).body.reportedByUserId).toBe(welfare.id);
  });

  it.each([
    ['a reporter in the body', { reportedByUserId: '00000000-0000-4000-8000-000000000000' }, ''],
    ['a status in the body', { status: 'resolved' }, ''],
    ['an unknown severity', { severity: 'extreme' }, 'severity'],
    ['an empty description', { description: '   ' }, 'description'],
    ['no description', { description: undefined }, 'description'],
    ['a time that is not a time', { occurredAt: '2026-13-01T00:00:00Z' }, 'occurredAt'],
    ['a malformed personId', { personId: 'nobody' }, 'personId'],
  ])('rejects %s with 400, storing nothing', async (_label, overrides, path) => {
    const before = await countReports(tenant.id);
    const res = await api('POST', PATH, tokens.reporter, reportBody(overrides));
    expectEnvelope(res, 400, 'VALIDATION_ERROR');
    expect(res.body.error.details.issues.map((issue: { path: string }) => issue.path)).toContain(path);
    expect(await countReports(tenant.id)).toBe(before);
  });

  it('answers 404 PERSON_NOT_FOUND for another tenant’s person', async () => {
    expectEnvelope(await api('POST', PATH, tokens.reporter, reportBody({ personId: foreignPersonId })), 404, 'PERSON_NOT_FOUND');
    expect(await countReports(other.id)).toBe(0);
  });
});

describe('GET /api/v1/incident-reports', () => {
  it('lists every report newest first for the SAFEGUARDING duty in two pages without overlap, auditing each read', async () => {
    const first = await api('GET', `${PATH}?personId=${listPersonId}&limit=2`, tokens.welfare);
    expect(first.status).toBe(200);
    expect(ids(first)).toEqual([listed[2], listed[1]]);
    expect(first.body.pagination).toMatchObject({ total: 3, hasMore: true });
    expect(await readsOfRequest(first.headers['x-request-id'] as string)).toBe(2);
    const second = await api('GET', `${PATH}?personId=${listPersonId}&limit=2&cursor=${first.body.pagination.nextCursor}`, tokens.welfare);
    expect(ids(second)).toEqual([listed[0]]);
    expect(await reads(listed[0]!)).toEqual([{ actor_user_id: welfare.id, target_type: 'INCIDENT_REPORT', metadata: { fields: ['description'] } }]);
  });

  it('filters by status, severity, period and reporter', async () => {
    expect(ids(await api('GET', `${PATH}?personId=${listPersonId}&status=open`, tokens.welfare))).toEqual([listed[1]]);
    expect(ids(await api('GET', `${PATH}?personId=${listPersonId}&severity=high`, tokens.welfare))).toEqual([listed[2], listed[1]]);
    expect(ids(await api('GET', `${PATH}?personId=${listPersonId}&from=2026-05-02T00:00:00Z&to=2026-05-03T00:00:00Z`, tokens.welfare))).toEqual([listed[1]]);
    expect(ids(await api('GET', `${PATH}?reportedBy=me&personId=${listPersonId}`, tokens.welfare))).toEqual([listed[2], listed[1], listed[0]]);
    expect(ids(await api('GET', `${PATH}?reportedBy=${reporter.id}&personId=${listPersonId}`, tokens.welfare))).toEqual([]);
    expectEnvelope(await api('GET', `${PATH}?status=closed`, tokens.welfare), 400, 'VALIDATION_ERROR');
    expectEnvelope(await api('GET', `${PATH}?reportedBy=someone`, tokens.welfare), 400, 'VALIDATION_ERROR');
    expectEnvelope(await api('GET', `${PATH}?from=2026-05-03T00:00:00Z&to=2026-05-01T00:00:00Z`, tokens.welfare), 400, 'VALIDATION_ERROR');
  });

  it('lets the reporter list the reports they filed and the subject those about them', async () => {
    const id = await fileReport();
    const filed = await api('GET', `${PATH}?reportedBy=me&limit=100`, tokens.reporter);
    expect(filed.status).toBe(200);
    expect(ids(filed)).toContain(id);
    expect(filed.body.data.every((r: { reportedByUserId: string }) => r.reportedByUserId === reporter.id)).toBe(true);
    const aboutMe = await api('GET', `${PATH}?personId=me&limit=100`, tokens.subject);
    expect(aboutMe.status).toBe(200);
    expect(ids(aboutMe)).toContain(id);
    expect(aboutMe.body.data.every((r: { personId: string }) => r.personId === subjectId)).toBe(true);
    // The subject learns what was reported, not who reported it.
    expect(aboutMe.body.data.find((r: { id: string }) => r.id === id)).toMatchObject({ description: DESCRIPTION, reportedByUserId: null });
    expect((await reads(id)).at(-1)).toMatchObject({ actor_user_id: tenant.employee.id });
  });

  it('refuses everyone else’s reports without the duty with 403, and a subject probing who reported them', async () => {
    for (const [token, query] of [
      [tokens.reporter, ''],
      [tokens.bystander, ''],
      [tokens.admin, ''],
      [tokens.bystander, `?personId=${subjectId}`],
      [tokens.subject, `?personId=me&reportedBy=${reporter.id}`],
      [tokens.subject, `?reportedBy=${reporter.id}`],
    ] as const) {
      const res = await api('GET', `${PATH}${query}`, token);
      expectEnvelope(res, 403, 'FORBIDDEN');
      expect(res.body.error).toMatchObject({ message: "Listing other persons' incident reports requires the SAFEGUARDING duty.", details: { requiredDuty: 'SAFEGUARDING' } });
    }
    expect((await api('GET', `${PATH}?personId=me`, tokens.bystander)).body.data).toEqual([]);
  });

  it('never lists another tenant’s reports', async () => {
    const res = await api('GET', `${PATH}?limit=100`, tokens.otherWelfare, undefined, other.slug);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
  });
});

describe('GET /api/v1/incident-reports/{id}', () => {
  it('shows the report to the SAFEGUARDING duty, the reporter and the subject (without the reporter), each read audited', async () => {
    const id = await fileReport();
    const byWelfare = await api('GET', `${PATH}/${id}`, tokens.welfare);
    expect(byWelfare.status).toBe(200);
    expect(byWelfare.body).toMatchObject({ id, reportedByUserId: reporter.id, description: DESCRIPTION });
    expect((await api('GET', `${PATH}/${id}`, tokens.reporter)).body).toMatchObject({ id, reportedByUserId: reporter.id });
    const bySubject = await api('GET', `${PATH}/${id}`, tokens.subject);
    expect(bySubject.status).toBe(200);
    expect(bySubject.body).toMatchObject({ id, personId: subjectId, reportedByUserId: null, description: DESCRIPTION });
    expect((await reads(id)).map((r) => r.actor_user_id).slice(-3)).toEqual([welfare.id, reporter.id, tenant.employee.id]);
  });

  it('answers 404, unaudited, to anyone else, across tenants and for an unknown id', async () => {
    const id = await fileReport();
    const before = (await reads(id)).length;
    expectEnvelope(await api('GET', `${PATH}/${id}`, tokens.bystander), 404, 'INCIDENT_REPORT_NOT_FOUND');
    expectEnvelope(await api('GET', `${PATH}/${id}`, tokens.admin), 404, 'INCIDENT_REPORT_NOT_FOUND');
    expectEnvelope(await api('GET', `${PATH}/${id}`, tokens.otherWelfare, undefined, other.slug), 404, 'INCIDENT_REPORT_NOT_FOUND');
    expectEnvelope(await api('GET', `${PATH}/00000000-0000-4000-8000-000000000000`, tokens.welfare), 404, 'INCIDENT_REPORT_NOT_FOUND');
    expect(await reads(id)).toHaveLength(before);
  });

  it('keeps an erased subject’s report readable by the duty and its reporter, under the pseudonym', async () => {
    const id = await fileReport();
    await ownerDb()`update incident_reports set person_id = null, subject_pseudonym = 'anonymized_beef' where id = ${id}`;
    expect((await api('GET', `${PATH}/${id}`, tokens.welfare)).body).toMatchObject({ personId: null, subjectPseudonym: 'anonymized_beef' });
    expect((await api('GET', `${PATH}/${id}`, tokens.reporter)).status).toBe(200);
    expectEnvelope(await api('GET', `${PATH}/${id}`, tokens.subject), 404, 'INCIDENT_REPORT_NOT_FOUND');
  });
});

describe('PATCH /api/v1/incident-reports/{id}', () => {
  it('lets the SAFEGUARDING duty handle a report, auditing the description by name only', async () => {
    const id = await fileReport();
    const res = await api('PATCH', `${PATH}/${id}`, tokens.welfare, { status: 'investigating', severity: 'high', description: 'Punched a team-mate; witnesses heard threats.' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'investigating', severity: 'high', description: 'Punched a team-mate; witnesses heard threats.', reportedByUserId: reporter.id });
    expect(await stored(id)).toMatchObject({ status: 'investigating', severity: 'high', description: 'Punched a team-mate; witnesses heard threats.' });
    const [audit] = await ownerDb()`select actor_user_id, changes, metadata, changes::text || metadata::text as raw from audit_log where target_id = ${id} and action = 'INCIDENT_REPORT_UPDATED'`;
    expect(audit).toMatchObject({
      actor_user_id: welfare.id,
      changes: {},
      metadata: { fields: ['status', 'severity', 'description'], description: { changed: true }, status: { changed: true }, severity: { changed: true } },
    });
    expect(audit!.raw).not.toMatch(/punched|shoved|threats|investigating|high/i);
  });

  it('refuses the reporter, the subject, an ADMIN and other duties with 403, validates, and answers 404 across tenants', async () => {
    const id = await fileReport();
    const before = await stored(id);
    for (const token of [tokens.reporter, tokens.subject, tokens.admin, tokens.bystander]) {
      const res = await api('PATCH', `${PATH}/${id}`, token, { status: 'dismissed' });
      expectEnvelope(res, 403, 'FORBIDDEN');
      expect(res.body.error.message).toBe('Changing an incident report requires the SAFEGUARDING duty.');
    }
    expectEnvelope(await api('PATCH', `${PATH}/${id}`, tokens.welfare, {}), 400, 'VALIDATION_ERROR');
    expectEnvelope(await api('PATCH', `${PATH}/${id}`, tokens.welfare, { status: 'closed' }), 400, 'VALIDATION_ERROR');
    expectEnvelope(await api('PATCH', `${PATH}/${id}`, tokens.welfare, { personId: subjectId }), 400, 'VALIDATION_ERROR');
    expectEnvelope(await api('PATCH', `${PATH}/${id}`, tokens.welfare, { occurredAt: '2026-10-05T10:00:00Z' }), 400, 'VALIDATION_ERROR');
    expectEnvelope(await api('PATCH', `${PATH}/${id}`, tokens.otherWelfare, { status: 'dismissed' }, other.slug), 404, 'INCIDENT_REPORT_NOT_FOUND');
    expect(await stored(id)).toEqual(before);
    expectEnvelope(await api('DELETE', `${PATH}/${id}`, tokens.welfare), 405, 'METHOD_NOT_ALLOWED');
  });
});
