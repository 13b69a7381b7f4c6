import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { connectLedgerPostgres } from '@/db/ledger/connect-ledger';
import { processDataDeletions } from '@/lib/privacy/jobs/process-data-deletions';
import { submitPersonChangeProposals } from '@/lib/registry/jobs/submit-person-change-proposals';
import type { RegistrySimulator } from '@/scripts/registry-simulator/create-registry-simulator';
import { call, expectEnvelope } from '../../support/api';
import { createTenant, createUser, ownerDb, type TestTenant, type TestUser } from '../../support/factories';
import { jobDb } from '../../support/job-db';
import { adapterFor, personRow, processWebhooks, reconcile, serverEncryption, startRegistry } from './registry-helpers';

// One file, run in order: the submission job and the webhook job sweep every tenant.
let registry: RegistrySimulator;
let a: TestTenant;
let b: TestTenant;
const silent = { info: () => {}, warn: () => {}, error: () => {} };
const HOUR = 60 * 60_000;

function submitJob(now: () => Date = () => new Date()) {
  return submitPersonChangeProposals({ db: jobDb(), now, registry: adapterFor(registry), encryption: serverEncryption(), log: silent });
}

/** The job's sweep as it runs an hour later: every retry and every poll is due by then. */
const later = (hours = 2) => () => new Date(Date.now() + hours * HOUR);

async function personOf(user: TestUser): Promise<string> {
  const [row] = await ownerDb()`select person_id from users where id = ${user.id}`;
  return row!.person_id as string;
}

/** Makes a local person the mirror of a registry person, as the backfill would have linked them. */
async function linkTo(personId: string, registryId: string) {
  const remote = registry.store.persons.get(registryId)!;
  const base = { firstName: remote.firstName, lastName: remote.lastName, birthDate: remote.birthDate, identifierNational: null, nationality: remote.nationality, officialEmail: remote.officialEmail, registryUpdatedAt: remote.updatedAt };
  await ownerDb()`update persons set first_name = ${remote.firstName}, last_name = ${remote.lastName}, birth_date = ${remote.birthDate}, nationality = ${remote.nationality},
    official_email = ${remote.officialEmail}, identifier_national = null, registry_id = ${registryId}, sync_status = 'synced', registry_base = ${ownerDb().json(base)}, last_synced_at = now()
    where id = ${personId}`;
}

async function proposalRow(id: string) {
  const [row] = await ownerDb()`select status, kind, fields, external_submission_id, rejection_reason, decided_by_user_id, approved_via, submission_attempts, next_attempt_at, last_error,
    registry_person_id, email_token_hash, email_confirmed_at, idempotency_key from person_change_requests where id = ${id}`;
  return row!;
}

async function auditActions(organisationId: string, personId: string) {
  const rows = await ownerDb()`select action from audit_log where organisation_id = ${organisationId} and target_id = ${personId} and action like 'PERSON_CHANGE_%' order by occurred_at, id`;
  return rows.map((row) => row.action as string);
}

const propose = async (tenant: TestTenant, user: TestUser, json: Record<string, unknown>) => call('POST', '/api/v1/profile/change-requests', { tenant: tenant.slug, token: await user.token(), json });
const approve = async (tenant: TestTenant, id: string) => call('POST', `/api/v1/person-change-proposals/${id}/approve`, { tenant: tenant.slug, token: await tenant.admin.token() });
const reject = async (tenant: TestTenant, id: string, reason: unknown) => call('POST', `/api/v1/person-change-proposals/${id}/reject`, { tenant: tenant.slug, token: await tenant.admin.token(), json: { reason } });

beforeAll(async () => {
  registry = await startRegistry();
  [a, b] = await Promise.all([createTenant(), createTenant()]);
});

afterAll(async () => {
  await registry.close();
});

beforeEach(async () => {
  await registry.control.settle();
  registry.control.reset();
  await submitJob(later(48));
  await processWebhooks(registry);
});

describe('a mirrored person proposes an identity change', () => {
  it('pending -> approved_locally -> submitted -> accepted: the person changes only when the registry accepted, audited at every step', async () => {
    const user = await createUser(a.id, 'EMPLOYEE');
    const personId = await personOf(user);
    await linkTo(personId, 'P-100001');
    const before = await personRow(personId);

    const proposed = await propose(a, user, { lastName: 'Proposed-Name', evidence: { documentUrl: 'https://docs.example/marriage.pdf' } });
    expect(proposed.status).toBe(200);
    expect(proposed.body).toMatchObject({ status: 'pending', kind: 'update', fields: { lastName: { from: before.last_name, to: 'Proposed-Name' } } });
    expect((await personRow(personId)).last_name).toBe(before.last_name);

    const queue = await call('GET', '/api/v1/person-change-proposals?status=pending', { tenant: a.slug, token: await a.admin.token() });
    expect(queue.status).toBe(200);
    expect(queue.body.data).toEqual([expect.objectContaining({ id: proposed.body.id, personId, changes: { lastName: 'Proposed-Name' }, evidence: { documentUrl: 'https://docs.example/marriage.pdf' }, status: 'pending' })]);

    const approved = await approve(a, proposed.body.id);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'approved_locally', approvedVia: 'admin', decidedBy: a.admin.id });
    expect((await personRow(personId)).last_name).toBe(before.last_name);

    registry.control.setDecisions({ default: 'hold' });
    expect(await submitJob()).toMatchObject({ submitted: 1 });
    const submitted = await proposalRow(proposed.body.id);
    expect(submitted).toMatchObject({ status: 'submitted', external_submission_id: expect.any(String), submission_attempts: 1, registry_person_id: 'P-100001' });
    const [submission] = registry.control.submissions();
    expect(submission).toMatchObject({ submissionId: submitted.external_submission_id, kind: 'update', targetId: 'P-100001', changes: { lastName: 'Proposed-Name' }, status: 'submitted' });

    registry.control.decide(submitted.external_submission_id, 'accept');
    await registry.control.settle();
    await processWebhooks(registry);
    expect(await proposalRow(proposed.body.id)).toMatchObject({ status: 'accepted', registry_person_id: null });
    expect(await personRow(personId)).toMatchObject({ last_name: 'Proposed-Name', sync_status: 'synced' });
    expect(await auditActions(a.id, personId)).toEqual(['PERSON_CHANGE_REQUESTED', 'PERSON_CHANGE_APPROVED', 'PERSON_CHANGE_SUBMITTED', 'PERSON_CHANGE_ACCEPTED']);

    const profile = await call('GET', '/api/v1/profile', { tenant: a.slug, token: await user.token() });
    expect(profile.body).toMatchObject({ lastName: 'Proposed-Name', pendingChanges: [], recentDecisions: [expect.objectContaining({ id: proposed.body.id, status: 'accepted' })] });
  });

  it('a rejection by the registry reaches the person with its reason: proposal, notification, e-mail and profile', async () => {
    const user = await createUser(a.id, 'EMPLOYEE');
    const personId = await personOf(user);
    await linkTo(personId, 'P-100002');
    registry.control.setDecisions({ rules: [{ entity: 'person', field: 'birthDate', decision: 'reject', reason: 'Needs a birth certificate' }] });
    const proposed = await propose(a, user, { birthDate: '2001-02-03' });
    expect((await approve(a, proposed.body.id)).status).toBe(200);
    expect(await submitJob()).toMatchObject({ submitted: 1 });
    await registry.control.settle();
    expect((await proposalRow(proposed.body.id)).status).toBe('submitted');

    expect(await submitJob(later())).toMatchObject({ rejected: 1 });
    expect(await proposalRow(proposed.body.id)).toMatchObject({ status: 'rejected', rejection_reason: 'Needs a birth certificate', registry_person_id: null });
    expect((await personRow(personId)).birth_date).not.toBe('2001-02-03');
    const [note] = await ownerDb()`select kind, body from notifications where organisation_id = ${a.id} and user_id = ${user.id}`;
    expect(note).toMatchObject({ kind: 'PERSON_CHANGE_REJECTED', body: expect.stringContaining('Needs a birth certificate') });
    const mails = await ownerDb()`select payload from outbox where organisation_id = ${a.id} and payload ->> 'template' = 'person-change-rejected' and payload ->> 'to' = ${`${user.subject}@example.test`}`;
    expect(mails.map((m) => m.payload.data)).toEqual([{ proposalId: proposed.body.id, fields: ['birthDate'], reason: 'Needs a birth certificate', decidedBy: 'registry' }]);
    const profile = await call('GET', '/api/v1/profile', { tenant: a.slug, token: await user.token() });
    expect(profile.body.recentDecisions).toEqual([expect.objectContaining({ id: proposed.body.id, status: 'rejected', rejectionReason: 'Needs a birth certificate' })]);
    expect(await auditActions(a.id, personId)).toEqual(['PERSON_CHANGE_REQUESTED', 'PERSON_CHANGE_APPROVED', 'PERSON_CHANGE_SUBMITTED', 'PERSON_CHANGE_REJECTED']);
  });

  it('an admin rejects with a reason; decided proposals answer 409, other tenants 404, employees 403, bad reasons 400', async () => {
    const user = await createUser(a.id, 'EMPLOYEE');
    const proposed = await propose(a, user, { firstName: 'Rejected' });
    expectEnvelope(await reject(a, proposed.body.id, ''), 400, 'VALIDATION_ERROR');
    expectEnvelope(await call('POST', `/api/v1/person-change-proposals/${proposed.body.id}/approve`, { tenant: a.slug, token: await user.token() }), 403, 'FORBIDDEN');
    expectEnvelope(await call('POST', `/api/v1/person-change-proposals/${proposed.body.id}/approve`, { tenant: b.slug, token: await b.admin.token() }), 404, 'PROPOSAL_NOT_FOUND');
    expectEnvelope(await call('GET', `/api/v1/person-change-proposals/${proposed.body.id}`, { tenant: b.slug, token: await b.admin.token() }), 404, 'PROPOSAL_NOT_FOUND');
    expectEnvelope(await call('GET', '/api/v1/person-change-proposals?status=open', { tenant: a.slug, token: await a.admin.token() }), 400, 'VALIDATION_ERROR');
    const rejected = await reject(a, proposed.body.id, 'Not what the passport says');
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ status: 'rejected', rejectionReason: 'Not what the passport says', decidedBy: a.admin.id });
    expectEnvelope(await approve(a, proposed.body.id), 409, 'PROPOSAL_STATE_CONFLICT');
    expectEnvelope(await reject(a, proposed.body.id, 'again'), 409, 'PROPOSAL_STATE_CONFLICT');
    const [note] = await ownerDb()`select body from notifications where organisation_id = ${a.id} and user_id = ${user.id} and kind = 'PERSON_CHANGE_REJECTED'`;
    expect(note!.body).toContain('Not what the passport says');
  });

  it('a local-only person (no registry id) is changed on approval: the platform is authoritative for them', async () => {
    const user = await createUser(a.id, 'EMPLOYEE');
    const personId = await personOf(user);
    const proposed = await propose(a, user, { nationality: 'fr', identifierNational: 'FR-123-456' });
    expect(proposed.body.fields.identifierNational).toEqual({ from: null, to: '(hidden)' });
    const [stored] = await ownerDb()`select fields::text as fields from person_change_requests where id = ${proposed.body.id}`;
    expect(stored!.fields).not.toContain('FR-123-456');
    const approved = await approve(a, proposed.body.id);
    expect(approved.body).toMatchObject({ status: 'accepted', approvedVia: 'admin' });
    const row = await personRow(personId);
    expect(row.nationality).toBe('FR');
    expect(row.identifier_national).toBeInstanceOf(Buffer);
    expect(registry.control.submissions()).toEqual([]);
  });

  it('a new official e-mail is approved by confirming the link sent to it: hashed, single use, expiring', async () => {
    const user = await createUser(a.id, 'EMPLOYEE');
    const personId = await personOf(user);
    await linkTo(personId, 'P-100003');
    const proposed = await propose(a, user, { officialEmail: 'new.address@club.example' });
    expect(proposed.body).toMatchObject({ status: 'pending', emailConfirmation: 'awaiting' });
    const [mail] = await ownerDb()`select payload from outbox where organisation_id = ${a.id} and payload ->> 'template' = 'official-email-confirmation'and payload -> 'data' ->> 'proposalId' = ${proposed.body.id}`;
    expect(mail!.payload.to).toBe('new.address@club.example');
    const token = mail!.payload.data.token as string;
    const [row] = await ownerDb()`select email_token_hash from person_change_requests where id = ${proposed.body.id}`;
    expect(row!.email_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.email_token_hash).not.toContain(token);

    expectEnvelope(await call('GET', `/api/v1/profile/email-confirmations?token=${'x'.repeat(43)}`, { tenant: a.slug }), 404, 'EMAIL_CONFIRMATION_INVALID');
    expectEnvelope(await call('GET', `/api/v1/profile/email-confirmations?token=${token}`, { tenant: b.slug }), 404, 'EMAIL_CONFIRMATION_INVALID');
    const confirmed = await call('GET', `/api/v1/profile/email-confirmations?token=${token}`, { tenant: a.slug });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ proposalId: proposed.body.id, status: 'approved_locally', approved: true });
    expect(await proposalRow(proposed.body.id)).toMatchObject({ status: 'approved_locally', approved_via: 'email_confirmation', email_token_hash: null, email_confirmed_at: expect.any(Date) });
    expectEnvelope(await call('GET', `/api/v1/profile/email-confirmations?token=${token}`, { tenant: a.slug }), 404, 'EMAIL_CONFIRMATION_INVALID');
    const [purged] = await ownerDb()`select payload from outbox where organisation_id = ${a.id} and payload -> 'data' ->> 'proposalId' = ${proposed.body.id}`;
    expect(purged!.payload.data.token).toBeNull();

    expect(await submitJob()).toMatchObject({ submitted: 1 });
    await registry.control.settle();
    await processWebhooks(registry);
    expect((await personRow(personId)).official_email).toBe('new.address@club.example');

    const other = await createUser(a.id, 'EMPLOYEE');
    const late = await propose(a, other, { officialEmail: 'late@club.example' });
    const [lateMail] = await ownerDb()`select payload from outbox where organisation_id = ${a.id} and payload -> 'data' ->> 'proposalId' = ${late.body.id}`;
    await ownerDb()`update person_change_requests set email_token_expires_at = now() - interval '1 minute' where id = ${late.body.id}`;
    expectEnvelope(await call('GET', `/api/v1/profile/email-confirmations?token=${lateMail!.payload.data.token}`, { tenant: a.slug }), 410, 'EMAIL_CONFIRMATION_EXPIRED');
    expect((await proposalRow(late.body.id)).status).toBe('pending');
  });
});

describe('an admin changes a registry-mastered field of a mirrored person (issue 23, item 6)', () => {
  it('PATCH /persons/{id} proposes the nationality to the registry; a sync meanwhile keeps it as it was, and the person changes once the registry accepts', async () => {
    const user = await createUser(a.id, 'EMPLOYEE');
    const personId = await personOf(user);
    await linkTo(personId, 'P-100006');
    const patched = await call('PATCH', `/api/v1/persons/${personId}`, { tenant: a.slug, token: await a.admin.token(), json: { nationality: 'BE' } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ nationality: 'DE', externalRefs: { syncStatus: 'synced' }, changeProposal: { status: 'approved_locally', fields: ['nationality'] } });
    expect(await proposalRow(patched.body.changeProposal.id)).toMatchObject({ kind: 'update', status: 'approved_locally', approved_via: 'admin', decided_by_user_id: a.admin.id, registry_person_id: 'P-100006' });

    // The registry changes another field before it decides: the sync neither reverts nor conflicts with anything.
    registry.control.setDecisions({ default: 'hold' });
    registry.control.updatePerson('P-100006', { lastName: 'Berg-Registry' });
    await registry.control.settle();
    await processWebhooks(registry);
    expect(await personRow(personId)).toMatchObject({ nationality: 'DE', last_name: 'Berg-Registry', sync_status: 'synced' });

    expect(await submitJob()).toMatchObject({ submitted: 1 });
    const submitted = await proposalRow(patched.body.changeProposal.id);
    expect(registry.control.submissions()).toEqual([expect.objectContaining({ submissionId: submitted.external_submission_id, targetId: 'P-100006', changes: { nationality: 'BE' }, basedOn: { nationality: 'DE' } })]);
    registry.control.decide(submitted.external_submission_id, 'accept');
    await registry.control.settle();
    await processWebhooks(registry);
    expect(await proposalRow(patched.body.changeProposal.id)).toMatchObject({ status: 'accepted' });
    expect(await personRow(personId)).toMatchObject({ nationality: 'BE', sync_status: 'synced' });
  });
});

describe('a partial erasure of a mirrored field (issue 23, item 7)', () => {
  async function erasePartially(user: TestUser, fields: string[]): Promise<string> {
    const ledger = await connectLedgerPostgres(inject('ledgerDatabaseUrl'));
    try {
      const filed = await call('POST', '/api/v1/data-delete-request', { tenant: a.slug, token: await user.token(), json: { scope: 'partial', partialFields: fields } });
      expect(filed.status).toBe(201);
      expect((await call('POST', `/api/v1/data-delete-request/${filed.body.id}/verify`, { tenant: a.slug, token: await a.admin.token(), json: { method: 'phone' } })).status).toBe(200);
      expect(await processDataDeletions({ db: jobDb(), now: () => new Date(), runId: `test-${randomUUID()}`, privacy: async () => ({ ledger: ledger.db, secret: inject('pseudonymSecret') }) })).toMatchObject({ completed: 1 });
      return filed.body.id as string;
    } finally {
      await ledger.close();
    }
  }
  const openConflicts = (personId: string) => ownerDb()`select field from person_sync_conflicts where person_id = ${personId}`;

  it('stays erased through webhooks and the reconcile, without a conflict; the registry is asked to clear its copy and its refusal changes nothing here', async () => {
    const user = await createUser(a.id, 'EMPLOYEE');
    const personId = await personOf(user);
    await linkTo(personId, 'P-100007');
    registry.control.setDecisions({ default: 'hold' });
    const requestId = await erasePartially(user, ['birthDate']);

    const erased = await personRow(personId);
    expect(erased).toMatchObject({ birth_date: '1998-01-01', sync_status: 'synced', registry_id: 'P-100007' });
    expect(erased.registry_base.birthDate).toBeNull();
    expect((await ownerDb()`select erased_fields from persons where id = ${personId}`)[0]!.erased_fields).toEqual(['birthDate']);
    const proposals = await ownerDb()`select id, kind, status, fields, approved_via, requested_by_user_id, registry_person_id, erasure_request_id from person_change_requests where person_id = ${personId}`;
    expect(proposals).toEqual([
      { id: expect.any(String), kind: 'update', status: 'approved_locally', fields: { birthDate: { from: null, to: null } }, approved_via: 'system', requested_by_user_id: null, registry_person_id: 'P-100007', erasure_request_id: requestId },
    ]);

    // The registry still has the birth date and changes another field: the webhook brings the name, not the birth date.
    registry.control.updatePerson('P-100007', { lastName: 'Braun-Registry' });
    await registry.control.settle();
    await processWebhooks(registry);
    expect(await personRow(personId)).toMatchObject({ birth_date: '1998-01-01', last_name: 'Braun-Registry', sync_status: 'synced' });
    // Even a registry change of the erased field itself is not written back, and is no conflict.
    registry.control.updatePerson('P-100007', { birthDate: '1998-07-22' });
    await registry.control.settle();
    await processWebhooks(registry);
    await reconcile(registry);
    expect(await personRow(personId)).toMatchObject({ birth_date: '1998-01-01', sync_status: 'synced' });
    expect((await personRow(personId)).registry_base.birthDate).toBeNull();
    expect(await openConflicts(personId)).toEqual([]);

    expect(await submitJob()).toMatchObject({ submitted: 1 });
    const [submission] = registry.control.submissions();
    expect(submission).toMatchObject({ kind: 'update', targetId: 'P-100007', changes: { birthDate: null }, evidence: { reason: `erasure request ${requestId}` } });
    expect(submission!.basedOn).toBeUndefined();
    registry.control.decide(submission!.submissionId, 'reject', 'Birth dates are kept under the registry policy');
    expect(await submitJob(later())).toMatchObject({ rejected: 1 });
    expect(await proposalRow(proposals[0]!.id)).toMatchObject({ status: 'rejected', rejection_reason: 'Birth dates are kept under the registry policy' });
    await reconcile(registry);
    expect(await personRow(personId)).toMatchObject({ birth_date: '1998-01-01', sync_status: 'synced' });
    expect(await openConflicts(personId)).toEqual([]);
  });

  it('when the registry accepts, its copy is cleared and the local field stays erased', async () => {
    const user = await createUser(a.id, 'EMPLOYEE');
    const personId = await personOf(user);
    await linkTo(personId, 'P-100008');
    registry.control.setDecisions({ default: 'hold' });
    const requestId = await erasePartially(user, ['nationality', 'phone']);
    expect((await personRow(personId)).nationality).toBeNull();
    expect(await submitJob()).toMatchObject({ submitted: 1 });
    const [submission] = registry.control.submissions();
    expect(submission).toMatchObject({ changes: { nationality: null }, evidence: { reason: `erasure request ${requestId}` } });
    registry.control.decide(submission!.submissionId, 'accept');
    await registry.control.settle();
    await processWebhooks(registry);
    expect(registry.store.persons.get('P-100008')!.nationality).toBeNull();
    expect(await personRow(personId)).toMatchObject({ nationality: null, sync_status: 'synced' });
    expect(await openConflicts(personId)).toEqual([]);
  });
});

describe('a registry edit of the same field while a proposal is out', () => {
  it('a submitted, undecided proposal makes the registry edit a conflict with an alert; the registry then refuses the outdated proposal', async () => {
    const user = await createUser(a.id, 'EMPLOYEE');
    const personId = await personOf(user);
    await linkTo(personId, 'P-100004');
    const before = await personRow(personId);
    const proposed = await propose(a, user, { officialEmail: 'mine@club.example' });
    expect((await approve(a, proposed.body.id)).status).toBe(200);
    registry.control.setDecisions({ default: 'hold' });
    expect(await submitJob()).toMatchObject({ submitted: 1 });
    const { external_submission_id: submissionId } = await proposalRow(proposed.body.id);
    expect(registry.control.submissions().find((s) => s.submissionId === submissionId)).toMatchObject({ changes: { officialEmail: 'mine@club.example' }, basedOn: { officialEmail: before.official_email } });

    const alertsOf = () => ownerDb()`select body from notifications where organisation_id = ${a.id} and user_id = ${a.admin.id} and kind = 'REGISTRY_SYNC_CONFLICT' order by created_at desc, id desc`;
    const alertsBefore = (await alertsOf()).length;
    registry.control.updatePerson('P-100004', { officialEmail: 'registry-staff@registry.example' });
    await registry.control.settle();
    await processWebhooks(registry);
    expect(await personRow(personId)).toMatchObject({ official_email: 'registry-staff@registry.example', sync_status: 'conflict' });
    expect((await proposalRow(proposed.body.id)).status).toBe('submitted');
    const alerts = await alertsOf();
    expect(alerts).toHaveLength(alertsBefore + 1);
    expect(alerts[0]!.body).toContain('changed the official e-mail address of');

    // Accepting it now would undo the registry's newer edit with a value chosen against the old one: refused.
    registry.control.decide(submissionId, 'accept');
    expect(registry.store.persons.get('P-100004')!.officialEmail).toBe('registry-staff@registry.example');
    expect(await submitJob(later())).toMatchObject({ rejected: 1 });
    expect(await proposalRow(proposed.body.id)).toMatchObject({ status: 'rejected', rejection_reason: expect.stringContaining('changed since the proposal was made (officialEmail)') });
    expect(await personRow(personId)).toMatchObject({ official_email: 'registry-staff@registry.example', sync_status: 'conflict' });
  });
});

describe('the outage queue', () => {
  it('while the registry is down proposals wait with growing pauses; afterwards each goes out once, in creation order per person', async () => {
    const users = await Promise.all([createUser(a.id, 'EMPLOYEE'), createUser(a.id, 'EMPLOYEE'), createUser(a.id, 'EMPLOYEE')]);
    const ids: string[][] = [];
    for (const [index, user] of users.entries()) {
      const personId = await personOf(user);
      await linkTo(personId, `P-10001${index}`);
      ids.push([]);
      for (const name of ['First', 'Second', 'Third']) {
        const proposed = await propose(a, user, { lastName: `${name}-${index}` });
        ids[index]!.push(proposed.body.id);
        expect((await approve(a, proposed.body.id)).status).toBe(200);
      }
    }
    registry.control.setOutage(true);
    const down = await submitJob();
    expect(down).toMatchObject({ submitted: 0, retried: 3 });
    const waiting = await Promise.all(ids.flat().map(proposalRow));
    expect(waiting.every((row) => row.status === 'approved_locally' && row.external_submission_id === null)).toBe(true);
    const heads = await Promise.all(ids.map((list) => proposalRow(list[0]!)));
    expect(heads.every((row) => row.submission_attempts === 1 && row.next_attempt_at > new Date() && /RegistryUnavailableError/.test(row.last_error))).toBe(true);
    expect(await submitJob()).toMatchObject({ retried: 0 });
    await submitJob(later(0.05));
    const twice = await proposalRow(ids[0]![0]!);
    expect(twice.submission_attempts).toBe(2);
    expect(twice.next_attempt_at.getTime() - Date.now()).toBeGreaterThan(3 * 60_000 - 5_000);

    registry.control.setOutage(false);
    registry.control.setDecisions({ default: 'hold' });
    expect(await submitJob(later())).toMatchObject({ submitted: 9 });
    expect(await submitJob(later())).toMatchObject({ submitted: 0 });
    const rows = await Promise.all(ids.flat().map(proposalRow));
    expect(rows.every((row) => row.status === 'submitted')).toBe(true);
    const submissions = registry.control.submissions();
    expect(submissions).toHaveLength(9);
    expect(new Set(rows.map((row) => row.external_submission_id)).size).toBe(9);
    for (const [index] of users.entries()) {
      const order = submissions.filter((s) => s.targetId === `P-10001${index}`).map((s) => s.changes.lastName);
      expect(order).toEqual([`First-${index}`, `Second-${index}`, `Third-${index}`]);
    }
  });
});

describe('erasure', () => {
  it('deactivates the person locally and proposes the deactivation to the registry; the proposal keeps nothing personal', async () => {
    const ledger = await connectLedgerPostgres(inject('ledgerDatabaseUrl'));
    try {
      const user = await createUser(a.id, 'EMPLOYEE');
      const personId = await personOf(user);
      await linkTo(personId, 'P-100005');
      await propose(a, user, { lastName: 'Before-Erasure' });
      const filed = await call('POST', '/api/v1/data-delete-request', { tenant: a.slug, token: await user.token(), json: { scope: 'full' } });
      expect(filed.status).toBe(201);
      expect((await call('POST', `/api/v1/data-delete-request/${filed.body.id}/verify`, { tenant: a.slug, token: await a.admin.token(), json: { method: 'phone' } })).status).toBe(200);
      await processDataDeletions({ db: jobDb(), now: () => new Date(), runId: `test-${randomUUID()}`, privacy: async () => ({ ledger: ledger.db, secret: inject('pseudonymSecret') }) });

      const person = await personRow(personId);
      expect(person).toMatchObject({ registry_id: null, anonymized_at: expect.any(Date), deleted_at: expect.any(Date) });
      const rows = await ownerDb()`select id, kind, status, fields, requested_by_user_id, registry_person_id, evidence from person_change_requests where person_id = ${personId}`;
      expect(rows).toEqual([{ id: expect.any(String), kind: 'deactivate', status: 'approved_locally', fields: { active: { from: true, to: false } }, requested_by_user_id: null, registry_person_id: 'P-100005', evidence: null }]);

      registry.control.setDecisions({ default: 'accept' });
      expect(await submitJob()).toMatchObject({ submitted: 1 });
      await registry.control.settle();
      expect(registry.store.persons.get('P-100005')!.active).toBe(false);
      expect(registry.control.submissions()).toEqual([expect.objectContaining({ targetId: 'P-100005', changes: { active: false }, status: 'accepted' })]);
      await processWebhooks(registry);
      expect(await submitJob(later())).toMatchObject({ accepted: 1 });
      const [settled] = await ownerDb()`select * from person_change_requests where id = ${rows[0]!.id}`;
      expect(settled).toMatchObject({ status: 'accepted', registry_person_id: null });
      const text = JSON.stringify(settled);
      for (const trace of ['P-100005', 'Before-Erasure', user.subject]) expect(text).not.toContain(trace);
    } finally {
      await ledger.close();
    }
  });
});
