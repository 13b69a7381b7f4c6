import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectEnvelope } from '../../../support/api';
import { createPerson, createTenant, createUser, ownerDb, type TestTenant, type TestUser } from '../../../support/factories';

const DAY = 24 * 60 * 60 * 1000;
// The erasure job's test (deletion-requests-job.test.ts) may run alongside and carry out a request verified here.
const VERIFIED_OR_LATER = ['verified', 'in_progress', 'completed'];

let tenant: TestTenant;
let other: TestTenant;
let secondAdmin: TestUser;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  [tenant, other] = await Promise.all([createTenant(), createTenant()]);
  secondAdmin = await createUser(tenant.id, 'ADMIN');
  [tokens.employee, tokens.manager, tokens.admin, tokens.secondAdmin, tokens.otherAdmin] = await Promise.all([
    tenant.employee.token(),
    tenant.manager.token(),
    tenant.admin.token(),
    secondAdmin.token(),
    other.admin.token(),
  ]);
});

const post = (path: string, token: string, json: unknown, slug = tenant.slug) => call('POST', path, { tenant: slug, token, json });
const get = (path: string, token: string, slug = tenant.slug) => call('GET', path, { tenant: slug, token });
const stored = async (id: string) =>
  (await ownerDb()`select organisation_id, person_id, requested_by_user_id, status, scope, partial_fields, verification_method, verification_note, verified_by_user_id,
    verified_at, rejection_reason, rejected_by_user_id, rejected_at, requested_at, target_due_at, legal_due_at from data_deletion_requests where id = ${id}`)[0]!;
const auditOf = async (id: string) => ownerDb()`select action, actor_user_id, changes, metadata from audit_log where target_type = 'DATA_DELETION_REQUEST' and target_id = ${id} order by id`;
const personOf = async (user: TestUser) => (await ownerDb()`select person_id from users where id = ${user.id}`)[0]!.person_id as string;

describe('filing an erasure request (POST /api/v1/data-delete-request)', () => {
  it('files the caller’s own request: 201 with Location, pending, the legal limit 30 days out, audited; a second filing returns the open one', async () => {
    const subject = await createUser(tenant.id, 'EMPLOYEE');
    const token = await subject.token();
    const res = await post('/api/v1/data-delete-request', token, { scope: 'full' });
    expect(res.status).toBe(201);
    expect(res.headers.location).toBe(`/api/v1/data-delete-request/${res.body.id}`);
    expect(res.body).toMatchObject({ status: 'pending', scope: 'full', partialFields: [], personId: await personOf(subject), requestedByUserId: subject.id, targetDueAt: null, overdue: false });
    expect(new Date(res.body.legalDueAt).getTime() - new Date(res.body.requestedAt).getTime()).toBe(30 * DAY);
    const row = await stored(res.body.id);
    expect(row).toMatchObject({ organisation_id: tenant.id, person_id: await personOf(subject), requested_by_user_id: subject.id, status: 'pending', scope: 'full', partial_fields: [], verified_at: null });
    expect(row.legal_due_at.getTime() - row.requested_at.getTime()).toBe(30 * DAY);
    expect(await auditOf(res.body.id)).toEqual([
      { action: 'DATA_DELETION_REQUESTED', actor_user_id: subject.id, changes: { status: { before: null, after: 'pending' } }, metadata: { scope: 'full', fields: [], onBehalf: false } },
    ]);

    const again = await post('/api/v1/data-delete-request', token, { scope: 'partial', partialFields: ['phone'] });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: res.body.id, scope: 'full' });
    expect(await ownerDb()`select id from data_deletion_requests where person_id = ${await personOf(subject)}`).toHaveLength(1);
  });

  it('refuses bad bodies with 400 VALIDATION_ERROR and files nothing', async () => {
    const subject = await createUser(tenant.id, 'EMPLOYEE');
    const token = await subject.token();
    for (const body of [{}, { scope: 'partial' }, { scope: 'partial', partialFields: [] }, { scope: 'partial', partialFields: ['salary'] }, { scope: 'partial', partialFields: ['phone', 'phone'] }, { scope: 'full', extra: 1 }, { scope: 'everything' }, { scope: 'full', personId: 'nope' }]) {
      expectEnvelope(await post('/api/v1/data-delete-request', token, body), 400, 'VALIDATION_ERROR');
    }
    expect(await ownerDb()`select id from data_deletion_requests where person_id = ${await personOf(subject)}`).toHaveLength(0);
    expectEnvelope(await call('POST', '/api/v1/data-delete-request', { tenant: tenant.slug, json: { scope: 'full' } }), 401, 'UNAUTHENTICATED');
  });

  it('lets an ADMIN file for a person of the tenant; anyone else gets 403; an unknown or foreign person 404; an erased one 409', async () => {
    const personId = await createPerson(tenant.id, { first_name: 'Grace', last_name: 'Partial' });
    expectEnvelope(await post('/api/v1/data-delete-request', tokens.manager!, { scope: 'full', personId }), 403, 'FORBIDDEN');
    expectEnvelope(await post('/api/v1/data-delete-request', tokens.admin!, { scope: 'full', personId: randomUUID() }), 404, 'PERSON_NOT_FOUND');
    const foreign = await createPerson(other.id);
    expectEnvelope(await post('/api/v1/data-delete-request', tokens.admin!, { scope: 'full', personId: foreign }), 404, 'PERSON_NOT_FOUND');
    expect(await ownerDb()`select id from data_deletion_requests where person_id in ${ownerDb()([personId, foreign])}`).toHaveLength(0);

    const res = await post('/api/v1/data-delete-request', tokens.admin!, { scope: 'partial', partialFields: ['phone', 'birthDate'], personId });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ personId, personName: 'Grace Partial', scope: 'partial', partialFields: ['phone', 'birthDate'], requestedByUserId: tenant.admin.id });
    expect((await stored(res.body.id)).partial_fields).toEqual(['phone', 'birthDate']);
    expect((await auditOf(res.body.id))[0]!.metadata).toEqual({ scope: 'partial', fields: ['phone', 'birthDate'], onBehalf: true });

    const erased = await createPerson(tenant.id);
    await ownerDb()`update persons set anonymized_at = now(), deleted_at = now() where id = ${erased}`;
    expectEnvelope(await post('/api/v1/data-delete-request', tokens.admin!, { scope: 'full', personId: erased }), 409, 'PERSON_ALREADY_ERASED');
  });
});

describe('reading erasure requests', () => {
  it('shows a user only their own, an ADMIN the tenant’s (with filters); another tenant’s is 404', async () => {
    const subject = await createUser(tenant.id, 'EMPLOYEE');
    const token = await subject.token();
    const own = (await post('/api/v1/data-delete-request', token, { scope: 'full' })).body;
    const someoneElse = (await post('/api/v1/data-delete-request', tokens.admin!, { scope: 'full', personId: await createPerson(tenant.id) })).body;

    const mine = await get('/api/v1/data-delete-request', token);
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((r: { id: string }) => r.id)).toEqual([own.id]);
    expectEnvelope(await get(`/api/v1/data-delete-request/${someoneElse.id}`, token), 404, 'DATA_DELETION_REQUEST_NOT_FOUND');
    expect((await get(`/api/v1/data-delete-request/${own.id}`, token)).body).toMatchObject({ id: own.id, status: 'pending', verificationNote: null, lastError: null });

    const all = await get('/api/v1/data-delete-request?status=pending&limit=100', tokens.admin!);
    expect(all.status).toBe(200);
    expect(all.body.data.map((r: { id: string }) => r.id)).toEqual(expect.arrayContaining([own.id, someoneElse.id]));
    expect(all.body.data.every((r: { status: string }) => r.status === 'pending')).toBe(true);
    const firstPage = await get('/api/v1/data-delete-request?limit=1', tokens.admin!);
    expect(firstPage.body.pagination).toMatchObject({ limit: 1, hasMore: true });
    const second = await get(`/api/v1/data-delete-request?limit=1&cursor=${firstPage.body.pagination.nextCursor}`, tokens.admin!);
    expect(second.body.data[0].id).not.toBe(firstPage.body.data[0].id);
    expectEnvelope(await get('/api/v1/data-delete-request?cursor=garbage', tokens.admin!), 400, 'VALIDATION_ERROR');
    expectEnvelope(await get('/api/v1/data-delete-request?status=done', tokens.admin!), 400, 'VALIDATION_ERROR');

    expectEnvelope(await get(`/api/v1/data-delete-request/${own.id}`, tokens.otherAdmin!, other.slug), 404, 'DATA_DELETION_REQUEST_NOT_FOUND');
    expect((await get('/api/v1/data-delete-request?limit=100', tokens.otherAdmin!, other.slug)).body.data.map((r: { id: string }) => r.id)).not.toContain(own.id);
  });

  it('flags an open request past its legal limit or its target as overdue, and filters by it', async () => {
    const personId = await createPerson(tenant.id);
    const late = (await post('/api/v1/data-delete-request', tokens.admin!, { scope: 'full', personId })).body;
    expect(late.overdue).toBe(false);
    // The clock: the request was filed 31 days ago.
    await ownerDb()`update data_deletion_requests set requested_at = now() - interval '31 days', legal_due_at = now() - interval '1 day' where id = ${late.id}`;
    expect((await get(`/api/v1/data-delete-request/${late.id}`, tokens.admin!)).body.overdue).toBe(true);
    const overdueIds = (await get('/api/v1/data-delete-request?overdue=true&limit=100', tokens.admin!)).body.data.map((r: { id: string }) => r.id);
    expect(overdueIds).toContain(late.id);
    expect((await get('/api/v1/data-delete-request?overdue=false&limit=100', tokens.admin!)).body.data.map((r: { id: string }) => r.id)).not.toContain(late.id);

    // Verified 8 days ago and still being worked on: inside the legal limit, past the 7-day target. (In progress
    // with a fresh lease, so the erasure job of the other test file leaves it alone.)
    const verifiedPerson = await createPerson(tenant.id);
    const target = (await post('/api/v1/data-delete-request', tokens.admin!, { scope: 'full', personId: verifiedPerson })).body;
    await ownerDb()`update data_deletion_requests set status = 'in_progress', verification_method = 'phone', verified_at = now() - interval '8 days',
      target_due_at = now() - interval '1 day', verified_by_user_id = ${secondAdmin.id}, started_at = now(), updated_at = now() where id = ${target.id}`;
    expect((await get(`/api/v1/data-delete-request/${target.id}`, tokens.admin!)).body).toMatchObject({ status: 'in_progress', overdue: true });

    // Done is never overdue, whatever the dates.
    await ownerDb()`update data_deletion_requests set status = 'completed', started_at = now(), completed_at = now() where id = ${target.id}`;
    expect((await get(`/api/v1/data-delete-request/${target.id}`, tokens.admin!)).body.overdue).toBe(false);
  });
});

describe('verifying and rejecting', () => {
  it('an ADMIN verifies a pending request: the target is 7 days out, audited; wrong roles, states and tenants are refused', async () => {
    const subject = await createUser(tenant.id, 'EMPLOYEE');
    const token = await subject.token();
    const req = (await post('/api/v1/data-delete-request', token, { scope: 'full' })).body;
    const path = `/api/v1/data-delete-request/${req.id}/verify`;

    expectEnvelope(await post(path, token, { method: 'phone' }), 403, 'FORBIDDEN');
    expectEnvelope(await post(path, tokens.manager!, { method: 'phone' }), 403, 'FORBIDDEN');
    expectEnvelope(await post(path, tokens.admin!, {}), 400, 'VALIDATION_ERROR');
    expectEnvelope(await post(path, tokens.admin!, { method: 'e-mail' }), 400, 'VALIDATION_ERROR');
    expectEnvelope(await post(path, tokens.otherAdmin!, { method: 'phone' }, other.slug), 404, 'DATA_DELETION_REQUEST_NOT_FOUND');
    expectEnvelope(await post(`/api/v1/data-delete-request/${randomUUID()}/verify`, tokens.admin!, { method: 'phone' }), 404, 'DATA_DELETION_REQUEST_NOT_FOUND');
    expect((await stored(req.id)).status).toBe('pending');

    const res = await post(path, tokens.admin!, { method: 'video', note: '  Called back on the number on file; date of birth matched.  ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'verified', verificationMethod: 'video', verificationNote: 'Called back on the number on file; date of birth matched.', verifiedByUserId: tenant.admin.id });
    expect(new Date(res.body.targetDueAt).getTime() - new Date(res.body.verifiedAt).getTime()).toBe(7 * DAY);
    const row = await stored(req.id);
    expect(VERIFIED_OR_LATER).toContain(row.status);
    expect(row).toMatchObject({ verification_method: 'video', verified_by_user_id: tenant.admin.id });
    expect(row.target_due_at.getTime() - row.verified_at.getTime()).toBe(7 * DAY);
    const audit = await auditOf(req.id);
    expect(audit.map((a) => a.action)).toEqual(['DATA_DELETION_REQUESTED', 'DATA_DELETION_VERIFIED']);
    expect(audit[1]).toMatchObject({ actor_user_id: tenant.admin.id, metadata: { method: 'video', scope: 'full' } });
    // The subject sees the state but not the admin's note.
    const seen = (await get(`/api/v1/data-delete-request/${req.id}`, token)).body;
    expect(VERIFIED_OR_LATER).toContain(seen.status);
    expect(seen).toMatchObject({ verificationMethod: 'video', verificationNote: null });

    expectEnvelope(await post(path, tokens.admin!, { method: 'phone' }), 409, 'DATA_DELETION_REQUEST_STATE_CONFLICT');
    expectEnvelope(await post(`/api/v1/data-delete-request/${req.id}/reject`, tokens.admin!, { reason: 'Too late' }), 409, 'DATA_DELETION_REQUEST_STATE_CONFLICT');
    expect(VERIFIED_OR_LATER).toContain((await stored(req.id)).status);
  });

  it('four eyes: an ADMIN cannot decide on a request about themself; another ADMIN can', async () => {
    const own = await post('/api/v1/data-delete-request', tokens.admin!, { scope: 'partial', partialFields: ['phone'] });
    expect(own.status).toBe(201);
    expectEnvelope(await post(`/api/v1/data-delete-request/${own.body.id}/verify`, tokens.admin!, { method: 'in_person' }), 403, 'DATA_DELETION_OWN_REQUEST');
    expectEnvelope(await post(`/api/v1/data-delete-request/${own.body.id}/reject`, tokens.admin!, { reason: 'Changed my mind' }), 403, 'DATA_DELETION_OWN_REQUEST');
    expect((await stored(own.body.id)).status).toBe('pending');
    const verified = await post(`/api/v1/data-delete-request/${own.body.id}/verify`, tokens.secondAdmin!, { method: 'in_person' });
    expect(verified.status).toBe(200);
    expect(await stored(own.body.id)).toMatchObject({ verification_method: 'in_person', verified_by_user_id: secondAdmin.id, verification_note: null });
    expect(verified.body).toMatchObject({ status: 'verified', verifiedByUserId: secondAdmin.id });
  });

  it('four eyes: the ADMIN who filed a request for someone else cannot verify it (403); another ADMIN can; the filer may still reject', async () => {
    const personId = await createPerson(tenant.id, { first_name: 'Filed', last_name: 'OnBehalf' });
    const filed = await post('/api/v1/data-delete-request', tokens.admin!, { scope: 'full', personId });
    expect(filed.status).toBe(201);
    const refused = await post(`/api/v1/data-delete-request/${filed.body.id}/verify`, tokens.admin!, { method: 'phone' });
    expectEnvelope(refused, 403, 'DATA_DELETION_FILER_CANNOT_VERIFY');
    expect(refused.body.error.details).toEqual({ requestId: filed.body.id });
    expect(refused.body.error.message).toContain('another administrator has to verify it');
    expect(await stored(filed.body.id)).toMatchObject({ status: 'pending', verified_by_user_id: null, verified_at: null });
    expect((await auditOf(filed.body.id)).map((a) => a.action)).toEqual(['DATA_DELETION_REQUESTED']);

    const verified = await post(`/api/v1/data-delete-request/${filed.body.id}/verify`, tokens.secondAdmin!, { method: 'phone' });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ requestedByUserId: tenant.admin.id, verifiedByUserId: secondAdmin.id });

    // Filing against another admin: neither the subject nor the filer verifies; a third admin does.
    const thirdAdmin = await createUser(tenant.id, 'ADMIN');
    const subjectAdminPerson = await personOf(secondAdmin);
    const aboutAdmin = await post('/api/v1/data-delete-request', tokens.admin!, { scope: 'partial', partialFields: ['phone'], personId: subjectAdminPerson });
    expect(aboutAdmin.status).toBe(201);
    expectEnvelope(await post(`/api/v1/data-delete-request/${aboutAdmin.body.id}/verify`, tokens.secondAdmin!, { method: 'video' }), 403, 'DATA_DELETION_OWN_REQUEST');
    expectEnvelope(await post(`/api/v1/data-delete-request/${aboutAdmin.body.id}/verify`, tokens.admin!, { method: 'video' }), 403, 'DATA_DELETION_FILER_CANNOT_VERIFY');
    expect((await post(`/api/v1/data-delete-request/${aboutAdmin.body.id}/verify`, await thirdAdmin.token(), { method: 'video' })).status).toBe(200);

    // Withdrawing a filing destroys nothing: the filer may reject it.
    const mistaken = await post('/api/v1/data-delete-request', tokens.admin!, { scope: 'full', personId: await createPerson(tenant.id) });
    expect((await post(`/api/v1/data-delete-request/${mistaken.body.id}/reject`, tokens.admin!, { reason: 'Filed for the wrong person.' })).status).toBe(200);
  });

  it('an ADMIN rejects with a reason: stored, audited, and the subject is told by e-mail and in the app', async () => {
    const subject = await createUser(tenant.id, 'EMPLOYEE');
    const token = await subject.token();
    await ownerDb()`update persons set processing_restricted = true where id = ${await personOf(subject)}`;
    const req = (await post('/api/v1/data-delete-request', token, { scope: 'partial', partialFields: ['nationality'] })).body;
    const path = `/api/v1/data-delete-request/${req.id}/reject`;
    expectEnvelope(await post(path, tokens.admin!, { reason: '   ' }), 400, 'VALIDATION_ERROR');
    expectEnvelope(await post(path, tokens.admin!, {}), 400, 'VALIDATION_ERROR');
    expectEnvelope(await post(path, token, { reason: 'No' }), 403, 'FORBIDDEN');

    const reason = 'Your nationality is needed for league registration (eligibility rules).';
    const res = await post(path, tokens.admin!, { reason });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'rejected', rejectionReason: reason, overdue: false });
    expect(await stored(req.id)).toMatchObject({ status: 'rejected', rejection_reason: reason, rejected_by_user_id: tenant.admin.id });
    const [email] = await ownerDb()`select kind, status, payload from outbox where organisation_id = ${tenant.id} and idempotency_key = ${`data-deletion-rejected:${req.id}`}`;
    // Sent although the subject restricted processing: it answers their own request.
    expect(email).toMatchObject({ kind: 'EMAIL', status: 'PENDING', payload: { template: 'data-deletion-rejected', to: `${subject.subject}@example.test`, data: { requestId: req.id, reason } } });
    expect((await auditOf(req.id)).at(-1)).toMatchObject({ action: 'DATA_DELETION_REJECTED', actor_user_id: tenant.admin.id, metadata: { scope: 'partial', told: ['email'] } });
    expect((await get(`/api/v1/data-delete-request/${req.id}`, token)).body).toMatchObject({ status: 'rejected', rejectionReason: reason });

    // Not restricted: told in the app as well.
    const second = await createUser(tenant.id, 'EMPLOYEE');
    const secondReq = (await post('/api/v1/data-delete-request', await second.token(), { scope: 'full' })).body;
    await post(`/api/v1/data-delete-request/${secondReq.id}/reject`, tokens.admin!, { reason: 'We could not confirm your identity.' });
    const notifications = await ownerDb()`select kind, title, body from notifications where user_id = ${second.id}`;
    expect(notifications).toEqual([{ kind: 'DATA_DELETION_REJECTED', title: 'Your erasure request was declined', body: 'Nothing was erased. Reason: We could not confirm your identity.' }]);
    expect((await auditOf(secondReq.id)).at(-1)!.metadata).toMatchObject({ told: ['email', 'in_app'] });
    // A rejected request is closed: the subject may file again.
    expect((await post('/api/v1/data-delete-request', await second.token(), { scope: 'full' })).status).toBe(201);
  });
});
