import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectEnvelope } from '../../../support/api';
import { createPerson, createTenant, createUser, ownerDb, type TestTenant, type TestUser } from '../../../support/factories';

let tenant: TestTenant;
let other: TestTenant;
let medic: TestUser;
let otherMedic: TestUser;
const tokens = { admin: '', medic: '', employee: '', otherMedic: '' };
let patientId: string;
let foreignPersonId: string;

const DIAGNOSIS = 'Lateral ankle sprain, grade II';
const NOTES = 'Swelling over the ATFL; taping and balance work for ten days.';

beforeAll(async () => {
  [tenant, other] = await Promise.all([createTenant(), createTenant()]);
  [medic, otherMedic] = await Promise.all([createUser(tenant.id, 'EMPLOYEE'), createUser(other.id, 'EMPLOYEE')]);
  await ownerDb()`update users set duties = '{MEDICAL}' where id in (${medic.id}, ${otherMedic.id})`;
  [tokens.admin, tokens.medic, tokens.employee, tokens.otherMedic] = await Promise.all([tenant.admin.token(), medic.token(), tenant.employee.token(), otherMedic.token()]);
  patientId = (await ownerDb()`select person_id from users where id = ${tenant.employee.id}`)[0]!.person_id;
  foreignPersonId = await createPerson(other.id, { identifier_national: null });
});

const api = (method: string, path: string, token: string, json?: unknown, slug = tenant.slug) => call(method, path, { tenant: slug, token, json });
const treatmentBody = (overrides: Record<string, unknown> = {}) => ({ personId: patientId, diagnosis: DIAGNOSIS, detailedNotes: NOTES, startedAt: '2026-11-01T16:00:00.000Z', ...overrides });
const stored = async (id: string) => (await ownerDb()`select diagnosis, detailed_notes, person_id, treated_by_user_id from medical_treatments where id = ${id}`)[0];
const reads = (id: string) => ownerDb()`select actor_user_id, target_type, metadata, changes from audit_log where target_id = ${id} and action = 'SENSITIVE_RECORD_VIEWED' order by id`;
const countTreatments = async (organisationId: string) => (await ownerDb()`select count(*)::int as n from medical_treatments where organisation_id = ${organisationId}`)[0]!.n as number;

async function createTreatment(overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await api('POST', '/api/v1/medical-treatments', tokens.medic, treatmentBody(overrides));
  expect(res.status).toBe(201);
  return res.body.id;
}

describe('POST /api/v1/medical-treatments', () => {
  it('records a treatment for the MEDICAL duty, storing diagnosis and notes only as FLE1 ciphertext', async () => {
    const res = await api('POST', '/api/v1/medical-treatments', tokens.medic, treatmentBody());
    expect(res.status).toBe(201);
    expect(res.headers.location).toBe(`/api/v1/medical-treatments/${res.body.id}`);
    expect(res.body).toEqual({
      id: expect.any(String),
      personId: patientId,
      subjectPseudonym: null,
      diagnosis: DIAGNOSIS,
      detailedNotes: NOTES,
      treatedByUserId: medic.id,
      startedAt: '2026-11-01T16:00:00.000Z',
      treatmentEndedAt: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const row = await stored(res.body.id);
    expect(row).toMatchObject({ person_id: patientId, treated_by_user_id: medic.id });
    for (const bytes of [row!.diagnosis as Buffer, row!.detailed_notes as Buffer]) {
      expect(bytes[0]).toBe(0x02);
      expect(bytes.toString('latin1')).not.toMatch(/sprain|ATFL/i);
      expect(bytes.toString('utf8')).not.toMatch(/sprain|ATFL/i);
    }
    const audit = await ownerDb()`select action, actor_user_id, metadata, changes::text || metadata::text as raw from audit_log where target_id = ${res.body.id} order by id`;
    expect(audit.map((a) => a.action)).toEqual(['MEDICAL_TREATMENT_CREATED', 'SENSITIVE_RECORD_VIEWED']);
    // Who was treated and when are the MEDICAL duty's too: named, never valued.
    expect(audit[0]).toMatchObject({
      actor_user_id: medic.id,
      metadata: { fields: ['diagnosis', 'detailedNotes', 'personId', 'startedAt', 'treatmentEndedAt'], personId: { changed: true }, startedAt: { changed: true } },
    });
    for (const entry of audit) expect(entry.raw).not.toMatch(new RegExp(`sprain|ATFL|${patientId}`, 'i'));
  });

  it('refuses an ADMIN without the duty and an EMPLOYEE with 403, storing nothing', async () => {
    const before = await countTreatments(tenant.id);
    const admin = await api('POST', '/api/v1/medical-treatments', tokens.admin, treatmentBody());
    expectEnvelope(admin, 403, 'FORBIDDEN');
    expect(admin.body.error.details).toEqual({ requiredDuty: 'MEDICAL' });
    expectEnvelope(await api('POST', '/api/v1/medical-treatments', tokens.employee, treatmentBody()), 403, 'FORBIDDEN');
    expect(await countTreatments(tenant.id)).toBe(before);
  });

  it.each([
    ['no diagnosis', { diagnosis: undefined }],
    ['an empty diagnosis', { diagnosis: '  ' }],
    ['an end before the start', { treatmentEndedAt: '2026-10-01T10:00:00.000Z' }],
    ['an unknown field', { severity: 'high' }],
    ['a malformed personId', { personId: 'nobody' }],
  ])('rejects %s with 400, storing nothing', async (_label, overrides) => {
    const before = await countTreatments(tenant.id);
    expectEnvelope(await api('POST', '/api/v1/medical-treatments', tokens.medic, treatmentBody(overrides)), 400, 'VALIDATION_ERROR');
    expect(await countTreatments(tenant.id)).toBe(before);
  });

  it('answers 404 PERSON_NOT_FOUND for another tenant’s person', async () => {
    expectEnvelope(await api('POST', '/api/v1/medical-treatments', tokens.medic, treatmentBody({ personId: foreignPersonId })), 404, 'PERSON_NOT_FOUND');
    expect(await countTreatments(other.id)).toBe(0);
  });
});

describe('GET /api/v1/medical-treatments', () => {
  it('lists decrypted treatments for the MEDICAL duty and audits one read per returned treatment', async () => {
    const ids = [await createTreatment({ startedAt: '2026-10-01T08:00:00.000Z' }), await createTreatment({ startedAt: '2026-10-02T08:00:00.000Z' })];
    const before = await Promise.all(ids.map(async (id) => (await reads(id)).length));
    const res = await api('GET', `/api/v1/medical-treatments?personId=${patientId}&limit=100`, tokens.medic);
    expect(res.status).toBe(200);
    const listed = res.body.data.filter((t: { id: string }) => ids.includes(t.id));
    expect(listed.map((t: { id: string }) => t.id)).toEqual([ids[1], ids[0]]);
    expect(listed.every((t: { diagnosis: string }) => t.diagnosis === DIAGNOSIS)).toBe(true);
    const after = await Promise.all(ids.map(async (id) => reads(id)));
    after.forEach((entries, i) => {
      expect(entries).toHaveLength(before[i]! + 1);
      expect(entries.at(-1)).toEqual({ actor_user_id: medic.id, target_type: 'MEDICAL_TREATMENT', metadata: { fields: ['diagnosis', 'detailedNotes'] }, changes: {} });
    });
    const [total] = await ownerDb()`select count(*)::int as n from audit_log where action = 'SENSITIVE_RECORD_VIEWED' and request_id = ${res.headers['x-request-id'] as string}`;
    expect(total!.n).toBe(res.body.data.length);
  });

  it('refuses an ADMIN without the duty with 403, writing no audit of a read', async () => {
    const res = await api('GET', '/api/v1/medical-treatments', tokens.admin);
    expectEnvelope(res, 403, 'FORBIDDEN');
    const [n] = await ownerDb()`select count(*)::int as n from audit_log where request_id = ${res.headers['x-request-id'] as string}`;
    expect(n!.n).toBe(0);
    expectEnvelope(await api('GET', `/api/v1/medical-treatments?personId=${patientId}`, tokens.admin), 403, 'FORBIDDEN');
  });

  it('lets a person list their own treatments with personId=me, and nobody else’s', async () => {
    const mine = await api('GET', '/api/v1/medical-treatments?personId=me&limit=100', tokens.employee);
    expect(mine.status).toBe(200);
    expect(mine.body.data.length).toBeGreaterThan(0);
    expect(mine.body.data.every((t: { personId: string }) => t.personId === patientId)).toBe(true);
    expect(mine.body.pagination.total).toBe(mine.body.data.length);
    const adminOwn = await api('GET', '/api/v1/medical-treatments?personId=me', tokens.admin);
    expect(adminOwn.status).toBe(200);
    expect(adminOwn.body.data).toEqual([]);
    expectEnvelope(await api('GET', '/api/v1/medical-treatments', tokens.employee), 403, 'FORBIDDEN');
  });

  it('never lists another tenant’s treatments', async () => {
    const res = await api('GET', '/api/v1/medical-treatments?limit=100', tokens.otherMedic, undefined, other.slug);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
  });
});

describe('GET /api/v1/medical-treatments/{id}', () => {
  it('shows the treatment to the MEDICAL duty and to the treated person, each read audited', async () => {
    const id = await createTreatment();
    const byMedic = await api('GET', `/api/v1/medical-treatments/${id}`, tokens.medic);
    expect(byMedic.status).toBe(200);
    expect(byMedic.body).toMatchObject({ id, diagnosis: DIAGNOSIS, detailedNotes: NOTES });
    const byPatient = await api('GET', `/api/v1/medical-treatments/${id}`, tokens.employee);
    expect(byPatient.status).toBe(200);
    expect(byPatient.body.diagnosis).toBe(DIAGNOSIS);
    const actors = (await reads(id)).map((r) => r.actor_user_id);
    expect(actors.slice(-2)).toEqual([medic.id, tenant.employee.id]);
  });

  it('answers 404 to an ADMIN without the duty, to another tenant and for an unknown id', async () => {
    const id = await createTreatment();
    const before = (await reads(id)).length;
    expectEnvelope(await api('GET', `/api/v1/medical-treatments/${id}`, tokens.admin), 404, 'MEDICAL_TREATMENT_NOT_FOUND');
    expectEnvelope(await api('GET', `/api/v1/medical-treatments/${id}`, tokens.otherMedic, undefined, other.slug), 404, 'MEDICAL_TREATMENT_NOT_FOUND');
    expectEnvelope(await api('GET', '/api/v1/medical-treatments/00000000-0000-4000-8000-000000000000', tokens.medic), 404, 'MEDICAL_TREATMENT_NOT_FOUND');
    expect(await reads(id)).toHaveLength(before);
  });

  it('keeps an erased subject’s treatment readable by the MEDICAL duty only', async () => {
    const id = await createTreatment();
    await ownerDb()`update medical_treatments set person_id = null, subject_pseudonym = 'anonymized_0123abcd' where id = ${id}`;
    const byMedic = await api('GET', `/api/v1/medical-treatments/${id}`, tokens.medic);
    expect(byMedic.status).toBe(200);
    expect(byMedic.body).toMatchObject({ personId: null, subjectPseudonym: 'anonymized_0123abcd', diagnosis: DIAGNOSIS });
    expectEnvelope(await api('GET', `/api/v1/medical-treatments/${id}`, tokens.employee), 404, 'MEDICAL_TREATMENT_NOT_FOUND');
    const mine = await api('GET', '/api/v1/medical-treatments?personId=me&limit=100', tokens.employee);
    expect(mine.body.data.map((t: { id: string }) => t.id)).not.toContain(id);
  });
});

describe('PATCH /api/v1/medical-treatments/{id}', () => {
  it('re-encrypts a changed diagnosis and audits which fields changed, never their values', async () => {
    const id = await createTreatment();
    const before = await stored(id);
    const res = await api('PATCH', `/api/v1/medical-treatments/${id}`, tokens.medic, { diagnosis: 'Ankle fracture', treatmentEndedAt: '2026-11-20T12:00:00.000Z' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ diagnosis: 'Ankle fracture', detailedNotes: NOTES, treatmentEndedAt: '2026-11-20T12:00:00.000Z' });
    const after = await stored(id);
    expect(after!.diagnosis[0]).toBe(0x02);
    expect(Buffer.compare(after!.diagnosis, before!.diagnosis)).not.toBe(0);
    expect(after!.diagnosis.toString('latin1')).not.toContain('fracture');
    const [audit] = await ownerDb()`select actor_user_id, changes, metadata, changes::text || metadata::text as raw from audit_log where target_id = ${id} and action = 'MEDICAL_TREATMENT_UPDATED'`;
    expect(audit).toMatchObject({
      actor_user_id: medic.id,
      changes: {},
      metadata: { fields: ['treatmentEndedAt', 'diagnosis'], diagnosis: { changed: true }, treatmentEndedAt: { changed: true } },
    });
    expect(audit!.raw).not.toMatch(/fracture|sprain|2026-11-20/i);
  });

  it('refuses the ADMIN role and the treated person with 403, and validates the period', async () => {
    const id = await createTreatment();
    const before = await stored(id);
    expectEnvelope(await api('PATCH', `/api/v1/medical-treatments/${id}`, tokens.admin, { diagnosis: 'x' }), 403, 'FORBIDDEN');
    expectEnvelope(await api('PATCH', `/api/v1/medical-treatments/${id}`, tokens.employee, { diagnosis: 'x' }), 403, 'FORBIDDEN');
    expectEnvelope(await api('PATCH', `/api/v1/medical-treatments/${id}`, tokens.medic, { treatmentEndedAt: '2020-01-01T00:00:00.000Z' }), 400, 'VALIDATION_ERROR');
    expectEnvelope(await api('PATCH', `/api/v1/medical-treatments/${id}`, tokens.medic, {}), 400, 'VALIDATION_ERROR');
    expect(await stored(id)).toEqual(before);
    expectEnvelope(await api('PATCH', `/api/v1/medical-treatments/${id}`, tokens.otherMedic, { diagnosis: 'x' }, other.slug), 404, 'MEDICAL_TREATMENT_NOT_FOUND');
  });
});
