import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { RegistrySimulator } from '@/scripts/registry-simulator/create-registry-simulator';
import { signWebhookPayload } from '@/scripts/registry-simulator/sign-webhook';
import { call, expectEnvelope } from '../../support/api';
import { createPerson, createPersonChangeRequest, createTenant, ownerDb, type TestTenant } from '../../support/factories';
import { adapterFor, applicationFields, decryptedIdentifier, mirrorPerson, personRow, processWebhooks, reconcile, startRegistry, webhookPath } from './registry-helpers';

// One file, run in order: the deliveries table is the platform's, so the processing job would otherwise pick up
// another file's deliveries.
let registry: RegistrySimulator;
let a: TestTenant;
let b: TestTenant;
let c: TestTenant;

const secrets = () => inject('registryWebhookSecrets');
const seed = (id: string) => structuredClone(registry.store.persons.get(id)!);

beforeAll(async () => {
  registry = await startRegistry();
  [a, b, c] = await Promise.all([createTenant(), createTenant(), createTenant()]);
});

afterAll(async () => {
  await registry.close();
});

beforeEach(async () => {
  await registry.control.settle();
  registry.control.reset();
  // Whatever an earlier test left due is done before this one starts.
  await processWebhooks(registry);
});

// The deliveries table is the platform's: the registry files before this one (one at a time, on the same database)
// left deliveries about the same seeded ids from simulators of their own.
const fileStartedAt = new Date();

async function deliveriesOf(registryPersonId: string) {
  return ownerDb()`select status, event, secret_index, outcome, attempts, last_error from registry_webhook_deliveries
    where registry_person_id = ${registryPersonId} and received_at >= ${fileStartedAt} order by received_at`;
}

function post(body: string, headers: Record<string, string> = {}) {
  return call('POST', webhookPath, { body, headers: { 'content-type': 'application/json', ...headers } });
}

const event = (personId: string, over: Record<string, unknown> = {}) => ({
  event: 'person.updated',
  personId,
  changedFields: ['lastName'],
  timestamp: new Date().toISOString(),
  deliveryId: `test-${Math.random().toString(36).slice(2)}`,
  ...over,
});

describe('a signed person.updated webhook', () => {
  it('updates identity fields and keeps application fields, in every tenant that mirrors the person and no other', async () => {
    const before = seed('P-100001');
    const inA = await mirrorPerson(a.id, before);
    const inB = await mirrorPerson(b.id, before);
    const other = await mirrorPerson(c.id, seed('P-100002'));
    const untouchedBefore = await personRow(other);
    const rowBeforeA = await personRow(inA);

    registry.control.updatePerson('P-100001', { lastName: 'Registry-Lastname', officialEmail: 'official@registry.example', nationalIdentifier: 'NEW-ID-4711' });
    await registry.control.settle();
    const [delivery] = registry.control.deliveries();
    expect(delivery).toMatchObject({ event: 'person.updated', outcome: 'delivered', attempts: [{ status: 202 }] });
    expect(await deliveriesOf('P-100001')).toMatchObject([{ status: 'received', event: 'person.updated', secret_index: 0 }]);

    expect(await processWebhooks(registry)).toMatchObject({ processed: 1, retried: 0 });

    for (const id of [inA, inB]) {
      const row = await personRow(id);
      expect(row).toMatchObject({ first_name: before.firstName, last_name: 'Registry-Lastname', official_email: 'official@registry.example', sync_status: 'synced', registry_id: 'P-100001' });
      expect(applicationFields(row)).toEqual(applicationFields(rowBeforeA));
      expect(row.last_synced_at.getTime()).toBeGreaterThan(Date.parse('2026-01-02'));
      expect(await decryptedIdentifier(row.organisation_id, row.identifier_national)).toBe('NEW-ID-4711');
      expect(row.registry_base).toMatchObject({ lastName: 'Registry-Lastname', officialEmail: 'official@registry.example', identifierNational: expect.stringMatching(/^hmac-sha256:[0-9a-f]{64}$/) });
      expect(JSON.stringify(row.registry_base)).not.toContain('NEW-ID-4711');
    }
    expect(await personRow(other)).toEqual(untouchedBefore);
    const read = await call('GET', `/api/v1/persons/${inA}`, { tenant: a.slug, token: await a.admin.token() });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ lastName: 'Registry-Lastname', identifierNational: 'NEW-ID-4711', preferredEmail: 'private@home.example', externalRefs: { registryId: 'P-100001', syncStatus: 'synced', lastSyncedAt: expect.any(String) } });

    // Besides the admin's audited read of the identifier above, exactly one entry: the sync.
    const audit = await ownerDb()`select action, actor_type, changes, metadata from audit_log where organisation_id = ${a.id} and target_id = ${inA} and action <> 'SENSITIVE_RECORD_VIEWED'`;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'PERSON_SYNCED_FROM_REGISTRY',
      actor_type: 'SYSTEM',
      changes: { lastName: { before: before.lastName, after: 'Registry-Lastname' }, officialEmail: { before: before.officialEmail, after: 'official@registry.example' } },
      metadata: { registryId: 'P-100001', via: 'webhook', secretIndex: 0, identifierNational: { changed: true }, conflicts: [] },
    });
    expect(JSON.stringify(audit)).not.toContain('NEW-ID-4711');
    expect(await deliveriesOf('P-100001')).toMatchObject([{ status: 'processed', attempts: 1 }]);

    // The same delivery again (the registry retrying) is acknowledged and not recorded or processed twice.
    const replay = await post(JSON.stringify(delivery!.body));
    expect(replay.status).toBe(202);
    expect(replay.body).toEqual({ status: 'duplicate' });
    expect(await deliveriesOf('P-100001')).toHaveLength(1);
  });

  it('person.deactivated deactivates the local person (deletedAt, not anonymised), audited', async () => {
    const id = await mirrorPerson(a.id, seed('P-100004'));
    registry.control.updatePerson('P-100004', { active: false });
    await registry.control.settle();
    await processWebhooks(registry);
    const row = await personRow(id);
    expect(row.deleted_at).toBeInstanceOf(Date);
    expect(row.anonymized_at).toBeNull();
    const [entry] = await ownerDb()`select action, changes from audit_log where organisation_id = ${a.id} and target_id = ${id}`;
    expect(entry).toMatchObject({ action: 'PERSON_DEACTIVATED_BY_REGISTRY', changes: { deletedAt: { before: null } } });
  });

  it('person.created for a pending registration links the local person to the new registry record', async () => {
    registry.control.setDecisions({ default: 'hold' });
    const receipt = await adapterFor(registry).proposePerson({ firstName: 'Nadia', lastName: 'Newcomer', birthDate: '2010-04-02', organizationIds: ['O-2001'] }, { idempotencyKey: `new-${a.id}` });
    const id = await createPerson(a.id, { first_name: 'Nadia', last_name: 'Newcomer', birth_date: '2010-04-02', sync_status: 'pending_registration', registry_submission_id: receipt.submissionId, identifier_national: null });
    registry.control.decide(receipt.submissionId, 'accept');
    await registry.control.settle();
    const newId = (await adapterFor(registry).getSubmission(receipt.submissionId))!.targetId!;
    await processWebhooks(registry);
    const row = await personRow(id);
    expect(row).toMatchObject({ registry_id: newId, sync_status: 'synced', first_name: 'Nadia', last_name: 'Newcomer' });
    const [linked] = await ownerDb()`select registry_submission_id from persons where id = ${id}`;
    expect(linked!.registry_submission_id).toBeNull();
    expect(await deliveriesOf(newId)).toMatchObject([{ event: 'person.created', status: 'processed' }]);
  });

  it('an anonymised person keeps no registry id or base (spec 001), and the registry no longer reaches them', async () => {
    const id = await mirrorPerson(a.id, seed('P-100010'));
    await ownerDb()`update persons set first_name = 'ANONYMIZED', last_name = 'ANONYMIZED', deleted_at = now(), anonymized_at = now() where id = ${id}`;
    const [row] = await ownerDb()`select registry_id, registry_base, sync_status, last_synced_at from persons where id = ${id}`;
    expect(row).toEqual({ registry_id: null, registry_base: null, sync_status: null, last_synced_at: null });
    registry.control.updatePerson('P-100010', { lastName: 'Still-Known-There' });
    await registry.control.settle();
    await processWebhooks(registry);
    expect((await personRow(id)).last_name).toBe('ANONYMIZED');
  });

  it('organisation and code-list events are recorded for the data job, not for the person job', async () => {
    registry.control.updateOrganization('O-2001', { name: 'Globex Sports Club e.V.' });
    registry.control.changeCodelist('sport', { code: 'rugby', label: 'Rugby' });
    await registry.control.settle();
    // The person job leaves them alone; process-registry-data-webhooks applies them (tests/integration/registry/codelists.test.ts and organisation-mirror.test.ts).
    await processWebhooks(registry);
    const rows = await ownerDb()`select event, subject_id, registry_person_id, outcome from registry_webhook_deliveries
      where subject_id in ('O-2001', 'sport:rugby') and received_at >= ${fileStartedAt} order by event`;
    expect(rows).toEqual([
      { event: 'codelist.value_added', subject_id: 'sport:rugby', registry_person_id: null, outcome: expect.not.stringContaining('tenant(s)') },
      { event: 'organization.updated', subject_id: 'O-2001', registry_person_id: null, outcome: expect.not.stringContaining('tenant(s)') },
    ]);
  });
});

describe('deliveries that are refused or ignored change nothing', () => {
  it('forged, stale, wrongly canonicalised and unsigned deliveries answer 401 INVALID_SIGNATURE, unreadable ones 400, and all are recorded as rejected', async () => {
    const id = await mirrorPerson(a.id, seed('P-100005'));
    registry.control.setWebhook(null);
    registry.control.updatePerson('P-100005', { lastName: 'Should-Not-Arrive' });
    const before = await personRow(id);
    const [first] = secrets();
    const rejectedBefore = (await ownerDb()`select count(*)::int as n from registry_webhook_deliveries where status = 'rejected'`)[0]!.n;

    const forged = event('P-100005');
    const forgedResponse = await post(JSON.stringify({ ...forged, signature: signWebhookPayload(forged, 'an-attackers-guess-secret') }));
    expectEnvelope(forgedResponse, 401, 'INVALID_SIGNATURE');

    const stale = event('P-100005', { timestamp: new Date(Date.now() - 6 * 60_000).toISOString() });
    const staleResponse = await post(JSON.stringify({ ...stale, signature: signWebhookPayload(stale, first!) }));
    expectEnvelope(staleResponse, 401, 'INVALID_SIGNATURE');
    expect(staleResponse.body.error.details).toEqual({ reason: 'stale_timestamp' });

    const future = event('P-100005', { timestamp: new Date(Date.now() + 6 * 60_000).toISOString() });
    expectEnvelope(await post(JSON.stringify({ ...future, signature: signWebhookPayload(future, first!) })), 401, 'INVALID_SIGNATURE');

    // Signed over JSON.stringify of another key order, not over the RFC 8785 canonical form.
    const loose = event('P-100005');
    const looseJson = JSON.stringify({ timestamp: loose.timestamp, personId: loose.personId, event: loose.event, deliveryId: loose.deliveryId, changedFields: loose.changedFields });
    const looseSignature = `hmac-sha256:${createHmac('sha256', first!).update(looseJson).digest('hex')}`;
    expectEnvelope(await post(JSON.stringify({ ...loose, signature: looseSignature })), 401, 'INVALID_SIGNATURE');

    expectEnvelope(await post(JSON.stringify(event('P-100005'))), 401, 'INVALID_SIGNATURE');
    // Not an event at all: refused as bad input (400), and recorded like the other refusals.
    expectEnvelope(await post('{not json'), 400, 'VALIDATION_ERROR');

    const rejected = await ownerDb()`select event, outcome, delivery_key, registry_person_id from registry_webhook_deliveries where status = 'rejected' order by received_at desc limit 6`;
    expect(rejected.map((r) => r.outcome).sort()).toEqual(['invalid_signature', 'invalid_signature', 'malformed_body', 'missing_signature', 'stale_timestamp', 'stale_timestamp']);
    expect(rejected.every((r) => r.delivery_key === null && r.registry_person_id === null)).toBe(true);
    expect((await ownerDb()`select count(*)::int as n from registry_webhook_deliveries where status = 'rejected'`)[0]!.n).toBe(rejectedBefore + 6);
    expect(await deliveriesOf('P-100005')).toEqual([]);

    await processWebhooks(registry);
    expect(await personRow(id)).toEqual(before);
  });

  it('a body beyond 64 KiB is refused before it is read as an event', async () => {
    const huge = JSON.stringify({ ...event('P-100005'), padding: 'x'.repeat(70 * 1024) });
    expectEnvelope(await post(huge), 413, 'PAYLOAD_TOO_LARGE');
    expect(await deliveriesOf('P-100005')).toEqual([]);
  });

  it('is rate limited per client address, in the envelope, without touching another address', async () => {
    const from = (address: string) => ({ 'x-forwarded-for': address });
    const forged = JSON.stringify({ ...event('P-100005'), signature: `hmac-sha256:${'0'.repeat(64)}` });
    // The limit's windows are whole minutes of the clock: 601 requests that straddle a minute's end would find a
    // fresh window (a busy CI machine once did). Start them early in a minute, so all fall in one.
    const leftInMinute = 60_000 - (Date.now() % 60_000);
    if (leftInMinute < 40_000) await new Promise((resolve) => setTimeout(resolve, leftInMinute + 200));
    const statuses: number[] = [];
    for (let batch = 0; batch < 12; batch++) {
      const answers = await Promise.all(Array.from({ length: 50 }, () => post(forged, from('203.0.113.77'))));
      statuses.push(...answers.map((answer) => answer.status));
    }
    expect(statuses.every((status) => status === 401)).toBe(true);
    const limited = await post(forged, from('203.0.113.77'));
    expectEnvelope(limited, 429, 'RATE_LIMITED');
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    expect(limited.headers['x-ratelimit-limit']).toBe('600');
    expectEnvelope(await post(forged, from('203.0.113.78')), 401, 'INVALID_SIGNATURE');
  }, 120_000);

  it('a rotated (second) secret verifies, and which one did is recorded', async () => {
    const payload = event('P-100006');
    const response = await post(JSON.stringify(payload), { 'x-registry-signature': signWebhookPayload(payload, secrets()[1]!) });
    expect(response.status).toBe(202);
    expect(response.body).toEqual({ status: 'accepted', id: expect.any(String) });
    expect(await deliveriesOf('P-100006')).toMatchObject([{ status: 'received', secret_index: 1 }]);
    await processWebhooks(registry);
    expect(await deliveriesOf('P-100006')).toMatchObject([{ status: 'processed', outcome: expect.stringContaining('tenant(s)') }]);
  });
});

describe('the webhook answers hostile input in the envelope, never with a 500 (issue 23, item 12)', () => {
  // An address of its own, so these refusals never spend the rate limit of the tests around them.
  const client = { 'x-forwarded-for': '203.0.113.90' };
  const rejectedSince = (since: Date) =>
    ownerDb()`select event, outcome, delivery_key, registry_person_id from registry_webhook_deliveries where status = 'rejected' and received_at >= ${since} order by received_at`;
  const anySignature = `hmac-sha256:${'0'.repeat(64)}`;

  it('a body nested thousands deep is refused with 400 too_deep before it is canonicalised, and recorded as refused', async () => {
    const since = new Date();
    const deep = `{"event":"person.updated","personId":"P-100005","changedFields":[],"timestamp":"${new Date().toISOString()}","signature":"${anySignature}","x":${'['.repeat(20_000)}${']'.repeat(20_000)}}`;
    const response = await post(deep, client);
    expectEnvelope(response, 400, 'VALIDATION_ERROR');
    expect(response.body.error.details).toMatchObject({ location: 'body', reason: 'too_deep' });
    // A correctly signed body only a few levels deeper than any event is refused the same way.
    const shallow = event('P-100005', { extra: { a: { b: { c: { d: { e: { f: {} } } } } } } });
    const signedShallow = await post(JSON.stringify({ ...shallow, signature: signWebhookPayload(shallow, secrets()[0]!) }), client);
    expectEnvelope(signedShallow, 400, 'VALIDATION_ERROR');
    expect(signedShallow.body.error.details).toMatchObject({ reason: 'too_deep' });
    expect((await rejectedSince(since)).map((row) => row.outcome)).toEqual(['too_deep', 'too_deep']);
  });

  it('a NUL or another control character in a string is refused with 400 invalid_character, and the refusal is recorded without it', async () => {
    const since = new Date();
    const nulEvent = await post(JSON.stringify({ ...event('P-100005'), event: 'person.upd\u0000ated', signature: anySignature }), client);
    expectEnvelope(nulEvent, 400, 'VALIDATION_ERROR');
    expect(nulEvent.body.error.details).toMatchObject({ location: 'body', reason: 'invalid_character' });
    // Signed correctly, so only the characters are wrong: a bell in a changed field's name.
    const belled = event('P-100005', { changedFields: ['last\u0007Name'] });
    const signed = await post(JSON.stringify({ ...belled, signature: signWebhookPayload(belled, secrets()[0]!) }), client);
    expectEnvelope(signed, 400, 'VALIDATION_ERROR');
    expect(signed.body.error.details).toMatchObject({ reason: 'invalid_character' });
    const refused = await rejectedSince(since);
    expect(refused).toEqual([
      { event: null, outcome: 'invalid_character', delivery_key: null, registry_person_id: null },
      { event: 'person.updated', outcome: 'invalid_character', delivery_key: null, registry_person_id: null },
    ]);
    expect(await deliveriesOf('P-100005')).toEqual([]);
  });

  it('a body that is not JSON, or not a JSON object, is 400 malformed_body', async () => {
    for (const body of ['{not json', '[1,2]', '"person.updated"']) {
      const response = await post(body, client);
      expectEnvelope(response, 400, 'VALIDATION_ERROR');
      expect(response.body.error.details).toMatchObject({ location: 'body', reason: 'malformed_body' });
    }
  });

  it('a body that is not application/json is refused with 415 UNSUPPORTED_MEDIA_TYPE, signed or not', async () => {
    // A registry id no tenant mirrors: the one delivery accepted at the end changes nothing when processed.
    const payload = event('P-100099');
    const body = JSON.stringify({ ...payload, signature: signWebhookPayload(payload, secrets()[0]!) });
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'application/jsonx']) {
      const response = await post(body, { ...client, 'content-type': contentType });
      expectEnvelope(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
      expect(response.body.error.details).toEqual({ contentType });
    }
    const missing = await call('POST', webhookPath, { body, headers: client });
    expectEnvelope(missing, 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(await deliveriesOf('P-100099')).toEqual([]);
    // A charset parameter is still JSON.
    const withCharset = await post(body, { ...client, 'content-type': 'application/json; charset=utf-8' });
    expect(withCharset.status).toBe(202);
    expect(await deliveriesOf('P-100099')).toMatchObject([{ status: 'received' }]);
  });

  it.each(['GET', 'PUT', 'PATCH', 'DELETE'])('%s answers 405 METHOD_NOT_ALLOWED in the envelope, with Allow: POST', async (method) => {
    const response = await call(method, webhookPath, { headers: client, ...(method === 'GET' || method === 'DELETE' ? {} : { json: {} }) });
    expectEnvelope(response, 405, 'METHOD_NOT_ALLOWED');
    expect(response.body.error.details).toEqual({ allowed: ['POST'] });
    expect(response.headers.allow).toBe('POST');
  });
});

describe('conflicts', () => {
  it('a field changed on both sides sets syncStatus conflict and alerts the admins in-app and by e-mail', async () => {
    const id = await mirrorPerson(a.id, seed('P-100007'));
    await createPersonChangeRequest(a.id, { person_id: id, fields: { lastName: { from: seed('P-100007').lastName, to: 'Locally-Proposed' } } });
    registry.control.updatePerson('P-100007', { lastName: 'Registry-Decided' });
    await registry.control.settle();
    await processWebhooks(registry);

    const row = await personRow(id);
    expect(row).toMatchObject({ sync_status: 'conflict', last_name: 'Registry-Decided' });
    const read = await call('GET', `/api/v1/persons/${id}`, { tenant: a.slug, token: await a.admin.token() });
    expect(read.body.externalRefs).toMatchObject({ registryId: 'P-100007', syncStatus: 'conflict' });
    const notes = await ownerDb()`select user_id, kind, title from notifications where organisation_id = ${a.id} and kind = 'REGISTRY_SYNC_CONFLICT'`;
    expect(notes).toEqual([{ user_id: a.admin.id, kind: 'REGISTRY_SYNC_CONFLICT', title: expect.stringContaining('Registry-Decided') }]);
    const mails = await ownerDb()`select payload from outbox where organisation_id = ${a.id} and payload->>'template' = 'registry-sync-conflict'`;
    expect(mails.map((m) => m.payload)).toEqual([{ template: 'registry-sync-conflict', to: `${a.admin.subject}@example.test`, data: { personId: id, personName: expect.any(String), registryId: 'P-100007', fields: ['lastName'] } }]);
    const [entry] = await ownerDb()`select metadata from audit_log where organisation_id = ${a.id} and target_id = ${id}`;
    expect(entry!.metadata).toMatchObject({ conflicts: ['lastName'] });
  });
});

describe('registry outage', () => {
  it('processing retries later while local reads keep working', async () => {
    const id = await mirrorPerson(a.id, seed('P-100008'));
    const original = seed('P-100008').firstName;
    registry.control.updatePerson('P-100008', { firstName: 'After-Outage' });
    await registry.control.settle();
    registry.control.setOutage(true);

    expect(await processWebhooks(registry)).toMatchObject({ processed: 0, retried: 1 });
    expect(await deliveriesOf('P-100008')).toMatchObject([{ status: 'retry', attempts: 1, last_error: expect.stringContaining('answered 503') }]);
    expect(JSON.stringify(await deliveriesOf('P-100008'))).not.toContain('registry-sync-in-test-key');

    const read = await call('GET', `/api/v1/persons/${id}`, { tenant: a.slug, token: await a.admin.token() });
    expect(read.status).toBe(200);
    expect(read.body.firstName).toBe(original);

    registry.control.setOutage(false);
    // Not yet due: nothing happens before the pause has passed.
    expect(await processWebhooks(registry)).toMatchObject({ processed: 0, retried: 0 });
    expect(await processWebhooks(registry, () => new Date(Date.now() + 10 * 60_000))).toMatchObject({ processed: 1 });
    expect((await personRow(id)).first_name).toBe('After-Outage');
    expect(await deliveriesOf('P-100008')).toMatchObject([{ status: 'processed', attempts: 2 }]);
  });
});

describe('nightly reconcile', () => {
  it('catches up a webhook that never arrived, and advances changedSince only after success', async () => {
    const id = await mirrorPerson(b.id, seed('P-100009'));
    registry.control.setWebhookDropRate(1);
    registry.control.updatePerson('P-100009', { nationality: 'FR' });
    await registry.control.settle();
    expect(registry.control.deliveries()).toMatchObject([{ outcome: 'dropped' }]);
    expect(await deliveriesOf('P-100009')).toEqual([]);

    registry.control.setOutage(true);
    await reconcile(registry);
    const [failed] = await ownerDb()`select changed_since, last_error from registry_sync_state where organisation_id = ${b.id} and entity = 'person'`;
    expect(failed!.last_error).toContain('RegistryUnavailableError');
    expect((await personRow(id)).nationality).not.toBe('FR');

    registry.control.setOutage(false);
    const result = await reconcile(registry);
    expect(result.failedTenants).toBe(0);
    const row = await personRow(id);
    expect(row).toMatchObject({ nationality: 'FR', sync_status: 'synced' });
    expect(applicationFields(row)).toMatchObject({ preferred_email: 'private@home.example', language: 'nl' });
    const [state] = await ownerDb()`select changed_since, last_error, last_success_at from registry_sync_state where organisation_id = ${b.id} and entity = 'person'`;
    expect(state).toMatchObject({ last_error: null, last_success_at: expect.any(Date) });
    expect(state!.changed_since.toISOString()).toBe(registry.store.persons.get('P-100009')!.updatedAt);

    // The next run asks only for what changed since, and finds the mirror already equal.
    const again = await reconcile(registry);
    expect(again.updated).toBe(0);
    expect(registry.control.requests().filter((r) => r.path.includes('changedSince=') && r.path.includes(encodeURIComponent(state!.changed_since.toISOString())))).not.toEqual([]);
  });
});

describe('phase 0', () => {
  it('without a registry the jobs do nothing and say so', async () => {
    expect(await processWebhooks(null)).toEqual({ processed: 0, retried: 0, failed: 0, phase0: 1 });
    expect(await reconcile(null)).toMatchObject({ tenants: 0, phase0: 1 });
  });

  it('the adapter used by the jobs talks to the registry with its key', async () => {
    expect((await adapterFor(registry).getPerson('P-100001'))?.id).toBe('P-100001');
  });
});

// Last in the file: its thousand webhooks use up the webhook endpoint's per-address budget for a while.
describe('convergence', () => {
  it('after 1,000 random changes with 30% of webhooks lost and 10% of calls failing, a reconcile leaves every mirror equal to the registry', { timeout: 240_000 }, async () => {
    const [d, e] = await Promise.all([createTenant(), createTenant()]);
    const active = [...registry.store.persons.values()].filter((p) => p.active).map((p) => structuredClone(p));
    const mirrors: { tenant: TestTenant; personId: string; registryId: string }[] = [];
    for (const [index, person] of active.entries()) {
      mirrors.push({ tenant: d, personId: await mirrorPerson(d.id, person), registryId: person.id });
      if (index % 2 === 0) mirrors.push({ tenant: e, personId: await mirrorPerson(e.id, person), registryId: person.id });
    }
    const applicationBefore = new Map<string, unknown>();
    for (const mirror of mirrors) applicationBefore.set(mirror.personId, applicationFields(await personRow(mirror.personId)));

    registry.control.setWebhookDropRate(0.3);
    registry.control.setFailureRate(0.1);
    const changes = registry.control.randomChanges(1000);
    expect(changes).toHaveLength(1000);
    await registry.control.settle();
    const outcomes = registry.control.deliveries().map((delivery) => delivery.outcome);
    expect(outcomes.filter((outcome) => outcome === 'dropped').length).toBeGreaterThan(200);

    // The engine's sweeps: each run takes what is due; the clock moves past every retry pause.
    for (let run = 1; run <= 60; run++) {
      const result = await processWebhooks(registry, () => new Date(Date.now() + run * 2 * 60 * 60_000));
      if (result.processed + result.retried + result.failed === 0) break;
    }
    let reconciled = await reconcile(registry);
    for (let attempt = 0; attempt < 10 && reconciled.failedTenants > 0; attempt++) reconciled = await reconcile(registry);
    expect(reconciled.failedTenants).toBe(0);

    registry.control.setFailureRate(0);
    for (const mirror of mirrors) {
      const truth = registry.store.persons.get(mirror.registryId)!;
      const row = await personRow(mirror.personId);
      expect({ id: mirror.registryId, first: row.first_name, last: row.last_name, birth: row.birth_date, nationality: row.nationality, email: row.official_email }).toEqual({
        id: mirror.registryId,
        first: truth.firstName,
        last: truth.lastName,
        birth: truth.birthDate,
        nationality: truth.nationality,
        email: truth.officialEmail,
      });
      expect(row.identifier_national ? await decryptedIdentifier(row.organisation_id, row.identifier_national) : null).toBe(truth.nationalIdentifier);
      expect(row.sync_status).toBe('synced');
      expect(applicationFields(row)).toEqual(applicationBefore.get(mirror.personId));
    }
  });
});
