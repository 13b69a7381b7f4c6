import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectEnvelope } from '../../../support/api';
import { createAntidopingRecord, createPerson, createTenant, createUser, ownerDb, type TestTenant, type TestUser } from '../../../support/factories';

let tenant: TestTenant;
let other: TestTenant;
let doctor: TestUser;
let otherDoctor: TestUser;
let allButMedical: TestUser;
const tokens = { admin: '', doctor: '', athlete: '', allButMedical: '', otherDoctor: '' };
let athleteId: string;
let strangerId: string;
let foreignPersonId: string;
let listAthleteId: string;
const listed: string[] = [];

const NOTES = 'Sample B sealed; athlete declared salbutamol inhaler (TUE on file).';

beforeAll(async () => {
  [tenant, other] = await Promise.all([createTenant(), createTenant()]);
  [doctor, otherDoctor, allButMedical] = await Promise.all([createUser(tenant.id, 'EMPLOYEE'), createUser(other.id, 'EMPLOYEE'), createUser(tenant.id, 'ADMIN')]);
  await ownerDb()`update users set duties = '{MEDICAL}' where id in (${doctor.id}, ${otherDoctor.id})`;
  // An admin with every other duty still may not see doping controls.
  await ownerDb()`update users set duties = '{FINANCE,SAFEGUARDING,COACH}' where id = ${allButMedical.id}`;
  [tokens.admin, tokens.doctor, tokens.athlete, tokens.allButMedical, tokens.otherDoctor] = await Promise.all([
    tenant.admin.token(),
    doctor.token(),
    tenant.employee.token(),
    allButMedical.token(),
    otherDoctor.token(),
  ]);
  athleteId = (await ownerDb()`select person_id from users where id = ${tenant.employee.id}`)[0]!.person_id;
  [strangerId, foreignPersonId, listAthleteId] = await Promise.all([createPerson(tenant.id), createPerson(other.id), createPerson(tenant.id)]);
  for (const [day, result] of [
    ['2026-04-01', 'negative'],
    ['2026-04-08', 'pending'],
    ['2026-04-15', 'negative'],
  ] as const) {
    listed.push(await createAntidopingRecord(tenant.id, { person_id: listAthleteId, tested_at: new Date(`${day}T07:30:00.000Z`), result }));
  }
});

const PATH = '/api/v1/antidoping-records';
const api = (method: string, path: string, token: string, json?: unknown, slug = tenant.slug) => call(method, path, { tenant: slug, token, json });
const recordBody = (overrides: Record<string, unknown> = {}) => ({ personId: athleteId, testedAt: '2026-10-12T06:45:00Z', kind: 'out_of_competition', authority: 'NADA Germany', notes: NOTES, ...overrides });
const stored = async (id: string) => (await ownerDb()`select person_id, tested_at, kind, result, authority, notes from antidoping_records where id = ${id}`)[0];
const countRecords = async (organisationId: string) => (await ownerDb()`select count(*)::int as n from antidoping_records where organisation_id = ${organisationId}`)[0]!.n as number;
const reads = (id: string) => ownerDb()`select actor_user_id, target_type, metadata, changes from audit_log where target_id = ${id} and action = 'SENSITIVE_RECORD_VIEWED' order by id`;
const readsOfRequest = async (requestId: string) => (await ownerDb()`select count(*)::int as n from audit_log where action = 'SENSITIVE_RECORD_VIEWED' and request_id = ${requestId}`)[0]!.n as number;
const ids = (res: { body: { data: { id: string }[] } }) => res.body.data.map((d) => d.id);

async function recordControl(overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await api('POST', PATH, tokens.doctor, recordBody(overrides));
  expect(res.status).toBe(201);
  return res.body.id;
}

describe('POST /api/v1/antidoping-records', () => {
  it('records a control for the MEDICAL duty, pending by default, and audits it without the result or the notes', async () => {
    const res = await api('POST', PATH, tokens.doctor, recordBody());
    expect(res.status).toBe(201);
    expect(res.headers.location).toBe(`${PATH}/${res.body.id}`);
    expect(res.body).toEqual({
      id: expect.any(String),
      personId: athleteId,
      subjectPseudonym: null,
      testedAt: '2026-10-12T06:45:00.000Z',
      kind: 'out_of_competition',
      result: 'pending',
      authority: 'NADA Germany',
      notes: NOTES,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await stored(res.body.id)).toEqual({
      person_id: athleteId,
      tested_at: new Date('2026-10-12T06:45:00.000Z'),
      kind: 'out_of_competition',
      result: 'pending',
      authority: 'NADA Germany',
      notes: NOTES,
    });
    const audit = await ownerDb()`select action, actor_user_id, changes, metadata, changes::text || metadata::text as raw from audit_log where target_id = ${res.body.id} order by id`;
    expect(audit.map((a) => a.action)).toEqual(['ANTIDOPING_RECORD_CREATED', 'SENSITIVE_RECORD_VIEWED']);
    expect(audit[0]).toMatchObject({
      actor_user_id: doctor.id,
      changes: {},
      metadata: {
        fields: ['result', 'notes', 'personId', 'testedAt', 'kind', 'authority'],
        personId: { changed: true },
        testedAt: { changed: true },
        kind: { changed: true },
        authority: { changed: true },
      },
    });
    for (const entry of audit) expect(entry.raw).not.toMatch(new RegExp(`salbutamol|pending|NADA|out_of_competition|${athleteId}`, 'i'));
  });

  it('refuses an ADMIN, an ADMIN with every other duty and an EMPLOYEE with 403, storing nothing', async () => {
    const before = await countRecords(tenant.id);
    const admin = await api('POST', PATH, tokens.admin, recordBody());
    expectEnvelope(admin, 403, 'FORBIDDEN');
    expect(admin.body.error).toMatchObject({ message: 'Recording a doping control requires the MEDICAL duty.', details: { requiredDuty: 'MEDICAL' } });
    expectEnvelope(await api('POST', PATH, tokens.allButMedical, recordBody()), 403, 'FORBIDDEN');
    expectEnvelope(await api('POST', PATH, tokens.athlete, recordBody()), 403, 'FORBIDDEN');
    expect(await countRecords(tenant.id)).toBe(before);
  });

  it.each([
    ['an unknown kind', { kind: 'random' }, 'kind'],
    ['an unknown result', { result: 'positive' }, 'result'],
    ['no authority', { authority: undefined }, 'authority'],
    ['an empty authority', { authority: '  ' }, 'authority'],
    ['a test time that is not a time', { testedAt: 'yesterday' }, 'testedAt'],
    ['an unknown field', { sampleId: 'A-1' }, ''],
    ['a malformed personId', { personId: 'nobody' }, 'personId'],
  ])('rejects %s with 400, storing nothing', async (_label, overrides, path) => {
    const before = await countRecords(tenant.id);
    const res = await api('POST', PATH, tokens.doctor, recordBody(overrides));
    expectEnvelope(res, 400, 'VALIDATION_ERROR');
    expect(res.body.error.details.issues.map((issue: { path: string }) => issue.path)).toContain(path);
    expect(await countRecords(tenant.id)).toBe(before);
  });

  it('answers 404 PERSON_NOT_FOUND for another tenant’s person', async () => {
    expectEnvelope(await api('POST', PATH, tokens.doctor, recordBody({ personId: foreignPersonId })), 404, 'PERSON_NOT_FOUND');
    expect(await countRecords(other.id)).toBe(0);
  });
});

describe('GET /api/v1/antidoping-records', () => {
  it('lists newest first for the MEDICAL duty in two pages without overlap, auditing one read per returned record', async () => {
    const first = await api('GET', `${PATH}?personId=${listAthleteId}&limit=2`, tokens.doctor);
    expect(first.status).toBe(200);
    expect(ids(first)).toEqual([listed[2], listed[1]]);
    expect(first.body.pagination).toMatchObject({ total: 3, hasMore: true });
    expect(await readsOfRequest(first.headers['x-request-id'] as string)).toBe(2);
    const second = await api('GET', `${PATH}?personId=${listAthleteId}&limit=2&cursor=${first.body.pagination.nextCursor}`, tokens.doctor);
    expect(ids(second)).toEqual([listed[0]]);
    expect(await reads(listed[0]!)).toEqual([{ actor_user_id: doctor.id, target_type: 'ANTIDOPING_RECORD', metadata: { fields: ['result', 'notes'] }, changes: {} }]);
  });

  it('filters by result and by the period of testedAt', async () => {
    expect(ids(await api('GET', `${PATH}?personId=${listAthleteId}&result=negative`, tokens.doctor))).toEqual([listed[2], listed[0]]);
    expect(ids(await api('GET', `${PATH}?personId=${listAthleteId}&from=2026-04-08T07:30:00Z`, tokens.doctor))).toEqual([listed[2], listed[1]]);
    expect(ids(await api('GET', `${PATH}?personId=${listAthleteId}&to=2026-04-08T07:30:00Z`, tokens.doctor))).toEqual([listed[0]]);
    expectEnvelope(await api('GET', `${PATH}?result=positive`, tokens.doctor), 400, 'VALIDATION_ERROR');
    expectEnvelope(await api('GET', `${PATH}?from=2026-04-15T00:00:00Z&to=2026-04-01T00:00:00Z`, tokens.doctor), 400, 'VALIDATION_ERROR');
  });

  it('lets the athlete list their own records with personId=me, audited too, and nobody else’s', async () => {
    const own = await recordControl();
    const mine = await api('GET', `${PATH}?personId=me&limit=100`, tokens.athlete);
    expect(mine.status).toBe(200);
    expect(ids(mine)).toContain(own);
    expect(mine.body.data.every((r: { personId: string }) => r.personId === athleteId)).toBe(true);
    expect((await reads(own)).at(-1)).toMatchObject({ actor_user_id: tenant.employee.id });
    const refused = await api('GET', PATH, tokens.athlete);
    expectEnvelope(refused, 403, 'FORBIDDEN');
    expect(refused.body.error).toMatchObject({ message: "Listing other persons' anti-doping records requires the MEDICAL duty.", details: { requiredDuty: 'MEDICAL' } });
    expect(await readsOfRequest(refused.headers['x-request-id'] as string)).toBe(0);
    expectEnvelope(await api('GET', PATH, tokens.admin), 403, 'FORBIDDEN');
    expectEnvelope(await api('GET', `${PATH}?personId=${listAthleteId}`, tokens.allButMedical), 403, 'FORBIDDEN');
    expect((await api('GET', `${PATH}?personId=me`, tokens.admin)).body.data).toEqual([]);
  });

  it('never lists another tenant’s records', async () => {
    const res = await api('GET', `${PATH}?limit=100`, tokens.otherDoctor, undefined, other.slug);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
  });
});

describe('GET /api/v1/antidoping-records/{id}', () => {
  it('shows the record to the MEDICAL duty and to the athlete, each read audited', async () => {
    const id = await recordControl();
    const byDoctor = await api('GET', `${PATH}/${id}`, tokens.doctor);
    expect(byDoctor.status).toBe(200);
    expect(byDoctor.body).toMatchObject({ id, notes: NOTES, result: 'pending' });
    const byAthlete = await api('GET', `${PATH}/${id}`, tokens.athlete);
    expect(byAthlete.body).toEqual(byDoctor.body);
    expect((await reads(id)).map((r) => r.actor_user_id).slice(-2)).toEqual([doctor.id, tenant.employee.id]);
  });

  it('answers 404, unaudited, to an ADMIN, to another athlete, across tenants and for an unknown id', async () => {
    const id = await createAntidopingRecord(tenant.id, { person_id: strangerId });
    expectEnvelope(await api('GET', `${PATH}/${id}`, tokens.admin), 404, 'ANTIDOPING_RECORD_NOT_FOUND');
    expectEnvelope(await api('GET', `${PATH}/${id}`, tokens.allButMedical), 404, 'ANTIDOPING_RECORD_NOT_FOUND');
    expectEnvelope(await api('GET', `${PATH}/${id}`, tokens.athlete), 404, 'ANTIDOPING_RECORD_NOT_FOUND');
    expectEnvelope(await api('GET', `${PATH}/${id}`, tokens.otherDoctor, undefined, other.slug), 404, 'ANTIDOPING_RECORD_NOT_FOUND');
    expectEnvelope(await api('GET', `${PATH}/00000000-0000-4000-8000-000000000000`, tokens.doctor), 404, 'ANTIDOPING_RECORD_NOT_FOUND');
    expect(await reads(id)).toEqual([]);
  });

  it('keeps an erased athlete’s record readable by the MEDICAL duty only', async () => {
    const id = await recordControl();
    await ownerDb()`update antidoping_records set person_id = null, subject_pseudonym = 'anonymized_4242' where id = ${id}`;
    const res = await api('GET', `${PATH}/${id}`, tokens.doctor);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ personId: null, subjectPseudonym: 'anonymized_4242', notes: NOTES });
    expectEnvelope(await api('GET', `${PATH}/${id}`, tokens.athlete), 404, 'ANTIDOPING_RECORD_NOT_FOUND');
  });
});

describe('PATCH /api/v1/antidoping-records/{id}', () => {
  it('records the laboratory’s result and audits the result and the notes by name only', async () => {
    const id = await recordControl();
    const res = await api('PATCH', `${PATH}/${id}`, tokens.doctor, { result: 'adverse_analytical_finding', notes: 'Clenbuterol 0.2 ng/mL in sample A.', authority: 'WADA' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ result: 'adverse_analytical_finding', notes: 'Clenbuterol 0.2 ng/mL in sample A.', authority: 'WADA' });
    expect(await stored(id)).toMatchObject({ result: 'adverse_analytical_finding', authority: 'WADA' });
    const [audit] = await ownerDb()`select actor_user_id, changes, metadata, changes::text || metadata::text as raw from audit_log where target_id = ${id} and action = 'ANTIDOPING_RECORD_UPDATED'`;
    expect(audit).toMatchObject({
      actor_user_id: doctor.id,
      changes: {},
      metadata: { fields: ['authority', 'result', 'notes'], result: { changed: true }, notes: { changed: true }, authority: { changed: true } },
    });
    expect(audit!.raw).not.toMatch(/clenbuterol|salbutamol|adverse|pending|WADA|NADA/i);
    expect(await readsOfRequest(res.headers['x-request-id'] as string)).toBe(1);
  });

  it('clears the notes with null', async () => {
    const id = await recordControl();
    const res = await api('PATCH', `${PATH}/${id}`, tokens.doctor, { notes: null });
    expect(res.body.notes).toBeNull();
    expect((await stored(id))!.notes).toBeNull();
  });

  it('refuses the ADMIN role and the athlete with 403, validates, and answers 404 across tenants', async () => {
    const id = await recordControl();
    const before = await stored(id);
    expectEnvelope(await api('PATCH', `${PATH}/${id}`, tokens.admin, { result: 'negative' }), 403, 'FORBIDDEN');
    expectEnvelope(await api('PATCH', `${PATH}/${id}`, tokens.athlete, { result: 'negative' }), 403, 'FORBIDDEN');
    expectEnvelope(await api('PATCH', `${PATH}/${id}`, tokens.doctor, {}), 400, 'VALIDATION_ERROR');
    expectEnvelope(await api('PATCH', `${PATH}/${id}`, tokens.doctor, { result: 'positive' }), 400, 'VALIDATION_ERROR');
    expectEnvelope(await api('PATCH', `${PATH}/${id}`, tokens.doctor, { personId: strangerId }), 400, 'VALIDATION_ERROR');
    expectEnvelope(await api('PATCH', `${PATH}/${id}`, tokens.otherDoctor, { result: 'negative' }, other.slug), 404, 'ANTIDOPING_RECORD_NOT_FOUND');
    expect(await stored(id)).toEqual(before);
    expectEnvelope(await api('DELETE', `${PATH}/${id}`, tokens.doctor), 405, 'METHOD_NOT_ALLOWED');
  });
});
