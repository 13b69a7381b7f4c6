import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createContext } from '@/lib/platform/core/context';
import { submitPersonChangeProposals } from '@/lib/registry/jobs/submit-person-change-proposals';
import { createPerson } from '@/lib/people/persons/create-person';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';
import type { RegistrySimulator } from '@/scripts/registry-simulator/create-registry-simulator';
import { call, expectEnvelope } from '../../support/api';
import { createTenant, createUser, insertAssets, ownerDb, type TestTenant, type TestUser } from '../../support/factories';
import { jobDb } from '../../support/job-db';
import { fanOutLoanRequests } from '../lending/loans/loan-helpers';
import { adapterFor, decryptedIdentifier, personRow, processWebhooks, serverEncryption, startRegistry } from './registry-helpers';

// One file, run in order: the submission job and the webhook job sweep every tenant.
let registry: RegistrySimulator;
let a: TestTenant;
let b: TestTenant;
const silent = { info: () => {}, warn: () => {}, error: () => {} };
const HOUR = 60 * 60_000;
const later = (hours = 2) => () => new Date(Date.now() + hours * HOUR);

function submitJob(now: () => Date = () => new Date()) {
  return submitPersonChangeProposals({ db: jobDb(), now, registry: adapterFor(registry), encryption: serverEncryption(), log: silent });
}

async function personOf(user: TestUser): Promise<string> {
  const [row] = await ownerDb()`select person_id from users where id = ${user.id}`;
  return row!.person_id as string;
}

async function createProposalOf(personId: string) {
  const rows = await ownerDb()`select id, status, kind, fields, approved_via, decided_by_user_id, external_submission_id, rejection_reason from person_change_requests where person_id = ${personId} and kind = 'create'`;
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

const isoDay = (offset: number) => new Date(Date.now() + offset * 24 * HOUR).toISOString().slice(0, 10);
let dayOffset = 1;
/** A fresh asset and fresh dates for every loan, so no loan conflicts with another. */
async function requestLoan(tenant: TestTenant, user: TestUser) {
  const [assetId] = await insertAssets(tenant, [{ name: `Camera ${randomUUID().slice(0, 8)}` }]);
  const start = dayOffset++;
  return call('POST', '/api/v1/loans', { tenant: tenant.slug, token: await user.token(), json: { assetId, startDate: isoDay(start), endDate: isoDay(start + 1), purpose: 'Club training' } });
}

const register = async (tenant: TestTenant, personId: string, token?: string) =>
  call('POST', `/api/v1/persons/${personId}/registration`, { tenant: tenant.slug, token: token ?? (await tenant.admin.token()) });

async function acceptAll(personIds: string[]) {
  const submitted = await ownerDb()`select external_submission_id from person_change_requests where kind = 'create' and status = 'submitted' and person_id in ${ownerDb()(personIds)}`;
  expect(submitted).toHaveLength(personIds.length);
  for (const row of submitted) registry.control.decide(row.external_submission_id as string, 'accept');
  await registry.control.settle();
  await processWebhooks(registry);
}

beforeAll(async () => {
  registry = await startRegistry();
  [a, b] = await Promise.all([createTenant(), createTenant()]);
});

afterAll(async () => {
  await registry.close();
});

// No reset between tests: a reset registry would hand out the registry ids of earlier tests' new persons again.
beforeEach(async () => {
  await registry.control.settle();
  registry.control.setDecisions({ default: 'accept', rules: [] });
  await submitJob(later(48));
  await registry.control.settle();
  await processWebhooks(registry);
  registry.control.setDecisions({ default: 'hold', rules: [] });
});

describe('an admin registers a new person (POST /api/v1/persons)', () => {
  it('pending_registration -> submitted -> the registry accepts by webhook -> synced with its registryId', async () => {
    const created = await call('POST', '/api/v1/persons', {
      tenant: a.slug,
      token: await a.admin.token(),
      json: { firstName: 'Nora', lastName: 'Newcomer', birthDate: '2008-05-06', nationality: 'AT', officialEmail: 'nora@club.example', identifierNational: 'AT-9988-77', primaryRole: 'athlete' },
    });
    expect(created.status).toBe(201);
    expect(created.headers.location).toBe(`/api/v1/persons/${created.body.id}`);
    expect(created.body).toMatchObject({ firstName: 'Nora', lastName: 'Newcomer', primaryRole: 'athlete', externalRefs: { registryId: null, syncStatus: 'pending_registration' } });
    expect(created.body).not.toHaveProperty('identifierNational');
    const personId = created.body.id as string;
    const stored = await personRow(personId);
    expect(stored).toMatchObject({ organisation_id: a.id, sync_status: 'pending_registration', registry_id: null, birth_date: '2008-05-06' });
    expect(Buffer.isBuffer(stored.identifier_national)).toBe(true);
    expect(await decryptedIdentifier(a.id, stored.identifier_national as Buffer)).toBe('AT-9988-77');

    const proposal = await createProposalOf(personId);
    expect(proposal).toMatchObject({ status: 'approved_locally', approved_via: 'admin', decided_by_user_id: a.admin.id, external_submission_id: null });
    expect(Object.keys(proposal.fields as object).sort()).toEqual(['birthDate', 'firstName', 'lastName', 'nationality', 'officialEmail']);
    expect(JSON.stringify(proposal.fields)).not.toContain('AT-9988-77');
    const audit = await ownerDb()`select action from audit_log where organisation_id = ${a.id} and target_id = ${personId} order by occurred_at, id`;
    expect(audit.map((row) => row.action)).toEqual(['PERSON_CREATED', 'PERSON_REGISTRATION_PROPOSED']);

    expect(await submitJob()).toMatchObject({ submitted: 1 });
    const submitted = await createProposalOf(personId);
    expect(submitted).toMatchObject({ status: 'submitted', external_submission_id: expect.any(String) });
    const submission = registry.control.submissions().find((entry) => entry.submissionId === submitted.external_submission_id);
    expect(submission).toMatchObject({ submissionId: submitted.external_submission_id, kind: 'create', status: 'submitted' });
    expect(submission!.changes).toMatchObject({ firstName: 'Nora', lastName: 'Newcomer', birthDate: '2008-05-06', nationality: 'AT', officialEmail: 'nora@club.example', nationalIdentifier: 'AT-9988-77' });
    expect((await personRow(personId)).sync_status).toBe('pending_registration');

    registry.control.decide(submitted.external_submission_id as string, 'accept');
    await registry.control.settle();
    await processWebhooks(registry);
    expect((await createProposalOf(personId)).status).toBe('accepted');
    const linked = await personRow(personId);
    expect(linked).toMatchObject({ sync_status: 'synced', registry_id: expect.stringMatching(/\S/), first_name: 'Nora' });
    const detail = await call('GET', `/api/v1/persons/${personId}`, { tenant: a.slug, token: await a.admin.token() });
    expect(detail.body.externalRefs).toMatchObject({ registryId: linked.registry_id, syncStatus: 'synced' });
  });

  it('bad input is 400 in the envelope, a non-admin 403, and nothing is stored', async () => {
    const before = await ownerDb()`select count(*)::int as n from persons where organisation_id = ${a.id}`;
    const bad = await call('POST', '/api/v1/persons', { tenant: a.slug, token: await a.admin.token(), json: { firstName: '', lastName: 'X', nationality: 'austria', birthDate: '06.05.2008' } });
    expectEnvelope(bad, 400, 'VALIDATION_ERROR');
    expect(bad.body.error.details.issues.map((issue: { path: string }) => issue.path).sort()).toEqual(['birthDate', 'firstName', 'nationality']);
    expectEnvelope(await call('POST', '/api/v1/persons', { tenant: a.slug, token: await a.admin.token(), json: { firstName: 'A', lastName: 'B', registryId: 'P-1' } }), 400, 'VALIDATION_ERROR');
    for (const user of [a.manager, a.employee]) {
      expectEnvelope(await call('POST', '/api/v1/persons', { tenant: a.slug, token: await user.token(), json: { firstName: 'A', lastName: 'B' } }), 403, 'FORBIDDEN');
      expectEnvelope(await register(a, await personOf(a.employee), await user.token()), 403, 'FORBIDDEN');
    }
    const after = await ownerDb()`select count(*)::int as n from persons where organisation_id = ${a.id}`;
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('phase 0 (no registry): the new person is an ordinary local person, no proposal', async () => {
    const { ctx } = createContext({
      organisation: { id: a.id, slug: a.slug, name: 'A', planTier: 'ENTERPRISE', customRateLimits: null, customDomain: null },
      user: { id: a.admin.id, personId: await personOf(a.admin), role: 'ADMIN', duties: [] },
    });
    const person = await withTenant(jobDb(), a.id, (tx) => createPerson(tx, ctx, { firstName: 'Lokal', lastName: 'Only' }, { registrySync: false }));
    expect(person.externalRefs).toEqual({ registryId: null, syncStatus: null, lastSyncedAt: null });
    expect(await personRow(person.id)).toMatchObject({ sync_status: null, registry_id: null, first_name: 'Lokal' });
    expect(await ownerDb()`select id from person_change_requests where person_id = ${person.id}`).toHaveLength(0);
    const [audit] = await ownerDb()`select action, metadata from audit_log where target_id = ${person.id}`;
    expect(audit).toMatchObject({ action: 'PERSON_CREATED', metadata: { registrySync: false } });
  });
});

describe('a person waiting for registration cannot borrow and is no approver', () => {
  it('403 PERSON_NOT_REGISTERED while pending; reading still works; the loan goes through once the registry accepted', async () => {
    const user = await createUser(a.id, 'EMPLOYEE');
    const personId = await personOf(user);
    const registered = await register(a, personId);
    expect(registered.status).toBe(200);
    expect(registered.body.externalRefs).toMatchObject({ registryId: null, syncStatus: 'pending_registration' });

    const refused = await requestLoan(a, user);
    expectEnvelope(refused, 403, 'PERSON_NOT_REGISTERED');
    expect(refused.body.error.details).toEqual({ personId, syncStatus: 'pending_registration' });
    expect(await ownerDb()`select id from loans where requester_id = ${user.id}`).toHaveLength(0);
    const me = await call('GET', '/api/v1/persons/me', { tenant: a.slug, token: await user.token() });
    expect(me.status).toBe(200);
    expect(me.body.externalRefs.syncStatus).toBe('pending_registration');
    expect((await call('GET', '/api/v1/loans', { tenant: a.slug, token: await user.token() })).status).toBe(200);

    expectEnvelope(await register(a, personId), 409, 'PERSON_NOT_LOCAL_ONLY');

    expect(await submitJob()).toMatchObject({ submitted: 1 });
    await acceptAll([personId]);
    expect(await personRow(personId)).toMatchObject({ sync_status: 'synced', registry_id: expect.any(String) });
    const allowed = await requestLoan(a, user);
    expect(allowed.status).toBe(201);
    expect(allowed.body).toMatchObject({ requesterId: user.id, status: 'PENDING_APPROVAL' });
  });

  it('a pending asset manager is not chosen, not notified, and cannot be named in the policy; after acceptance they are again', async () => {
    const manager = await createUser(b.id, 'ASSET_MANAGER');
    const setDefault = async (userId: string | null) =>
      call('PATCH', '/api/v1/loan-policy', { tenant: b.slug, token: await b.admin.token(), json: { defaultApproverUserId: userId } });
    expect((await setDefault(manager.id)).status).toBe(200);
    expect((await register(b, await personOf(manager))).status).toBe(200);
    // The tenant's other manager goes too, so "any asset manager" would mean only the pending one.
    expect((await register(b, await personOf(b.manager))).status).toBe(200);

    const filed = await requestLoan(b, b.employee);
    expect(filed.status).toBe(201);
    expect(filed.body.approverId).toBeNull();
    expect(await fanOutLoanRequests(b)).toBe(1);
    const mails = await ownerDb()`select idempotency_key from outbox where payload -> 'data' ->> 'loanId' = ${filed.body.id} and payload ->> 'template' = 'loan-requested'`;
    expect(mails.map((row) => row.idempotency_key)).toEqual([`loan-requested:${filed.body.id}:${b.admin.id}`]);

    const refused = await setDefault(manager.id);
    expectEnvelope(refused, 400, 'VALIDATION_ERROR');
    expect(refused.body.error.details.issues[0]).toMatchObject({ code: 'not_an_approver' });

    expect(await submitJob()).toMatchObject({ submitted: 2 });
    await acceptAll([await personOf(manager), await personOf(b.manager)]);
    const approved = await requestLoan(b, b.employee);
    expect(approved.status).toBe(201);
    expect(approved.body.approverId).toBe(manager.id);
    expect(await fanOutLoanRequests(b)).toBe(1);
    const managerMails = await ownerDb()`select idempotency_key from outbox where payload -> 'data' ->> 'loanId' = ${approved.body.id} and payload ->> 'template' = 'loan-requested'`;
    expect(managerMails.map((row) => row.idempotency_key)).toEqual([`loan-requested:${approved.body.id}:${manager.id}`]);
    expect((await setDefault(null)).status).toBe(200);
  });
});

describe('the registry refuses a new person', () => {
  it('the person returns to local-only (and may borrow), every admin is told in-app and by e-mail', async () => {
    const created = await call('POST', '/api/v1/persons', { tenant: a.slug, token: await a.admin.token(), json: { firstName: 'Rita', lastName: 'Refused' } });
    expect(created.status).toBe(201);
    const personId = created.body.id as string;
    registry.control.setDecisions({ default: 'hold', rules: [{ entity: 'person', kind: 'create', decision: 'reject', reason: 'Not a member of any club' }] });
    expect(await submitJob()).toMatchObject({ submitted: 1 });
    await registry.control.settle();
    expect(await submitJob(later())).toMatchObject({ rejected: 1 });

    expect(await createProposalOf(personId)).toMatchObject({ status: 'rejected', rejection_reason: 'Not a member of any club' });
    expect(await personRow(personId)).toMatchObject({ sync_status: null, registry_id: null });
    const [note] = await ownerDb()`select kind, body from notifications where organisation_id = ${a.id} and user_id = ${a.admin.id} and kind = 'PERSON_REGISTRATION_REJECTED'`;
    expect(note!.body).toContain('Rita Refused');
    expect(note!.body).toContain('Not a member of any club');
    const mails = await ownerDb()`select payload from outbox where organisation_id = ${a.id} and payload ->> 'template' = 'person-registration-rejected' and payload -> 'data' ->> 'personId' = ${personId}`;
    expect(mails.map((row) => row.payload.to)).toEqual([`${a.admin.subject}@example.test`]);
    const other = await ownerDb()`select id from notifications where organisation_id = ${b.id} and kind = 'PERSON_REGISTRATION_REJECTED'`;
    expect(other).toHaveLength(0);

    // Local-only again: an admin may propose them once more.
    const again = await register(a, personId);
    expect(again.status).toBe(200);
    expect(again.body.externalRefs.syncStatus).toBe('pending_registration');
  });
});

describe('tenancy and phases', () => {
  it("another tenant's person answers 404; a linked person 409", async () => {
    const foreign = await personOf(b.employee);
    const missing = await register(a, foreign);
    expectEnvelope(missing, 404, 'PERSON_NOT_FOUND');
    expect(await personRow(foreign)).toMatchObject({ sync_status: null });
    expect(await ownerDb()`select id from person_change_requests where person_id = ${foreign}`).toHaveLength(0);

    const linked = await createUser(a.id, 'EMPLOYEE');
    await ownerDb()`update persons set registry_id = ${`P-${randomUUID()}`}, sync_status = 'synced' where id = ${await personOf(linked)}`;
    const conflict = await register(a, await personOf(linked));
    expectEnvelope(conflict, 409, 'PERSON_NOT_LOCAL_ONLY');
    expect(conflict.body.error.details).toMatchObject({ syncStatus: 'synced', linked: true });
  });
});
