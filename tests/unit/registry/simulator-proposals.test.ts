import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RegistrySimulator } from '@/scripts/registry-simulator/create-registry-simulator';
import { registrySeedPersons } from '@/scripts/registry-simulator/seed-data';
import { startWebhookReceiver, type WebhookReceiver } from '@/tests/support/webhook-receiver';
import { call, startSimulator } from './simulator-helpers';

const secret = 'whsec_proposals';
let simulator: RegistrySimulator;
let receiver: WebhookReceiver;
const clock = new Date('2026-03-01T12:00:00.000Z');

beforeEach(async () => {
  receiver = await startWebhookReceiver();
  simulator = await startSimulator({ now: () => clock, webhook: { url: receiver.url, secrets: [secret] } });
});

afterEach(async () => {
  await simulator.close();
  await receiver.stop();
});

const newcomer = { firstName: 'Yusuf', lastName: 'Demir', birthDate: '2001-08-16', nationality: 'TR', officialEmail: 'yusuf.demir@members.example', organizationIds: ['O-2001'] };

describe('new-person proposals', () => {
  it('answers 202 submitted, then on acceptance creates the person with a new stable id and emits person.created with the submissionId', async () => {
    const response = await call(simulator, '/api/v1/persons', { method: 'POST', body: { person: newcomer, idempotencyKey: 'create-yusuf' } });
    expect(response.status).toBe(202);
    expect(response.body).toEqual({ submissionId: expect.stringMatching(/^S-/), status: 'submitted' });
    await simulator.control.settle();

    const submission = await call(simulator, `/api/v1/submissions/${response.body.submissionId}`);
    expect(submission.body).toMatchObject({ status: 'accepted', reason: null, entity: 'person', kind: 'create', targetId: 'P-100024', decidedAt: clock.toISOString() });
    const person = await call(simulator, '/api/v1/persons/P-100024');
    expect(person.body).toEqual({ id: 'P-100024', ...newcomer, nationalIdentifier: null, active: true, deactivatedAt: null, updatedAt: clock.toISOString(), version: 1 });
    expect(receiver.received.map((w) => w.body)).toEqual([
      expect.objectContaining({ event: 'person.created', personId: 'P-100024', submissionId: response.body.submissionId, timestamp: clock.toISOString() }),
    ]);
  });

  it('creates nothing when the registry rejects, and reports the reason on the submission', async () => {
    simulator.control.setDecisions({ default: 'reject' });
    const response = await call(simulator, '/api/v1/persons', { method: 'POST', body: { person: newcomer, idempotencyKey: 'create-yusuf' } });
    await simulator.control.settle();
    const submission = await call(simulator, `/api/v1/submissions/${response.body.submissionId}`);
    expect(submission.body).toMatchObject({ status: 'rejected', reason: 'Rejected under the registry policy.', targetId: null });
    expect(simulator.store.persons.size).toBe(registrySeedPersons.length);
    expect(receiver.received).toEqual([]);
  });

  it('refuses an invalid proposal with 400 and records no submission', async () => {
    const cases = [
      { person: { firstName: 'A' }, idempotencyKey: 'k1' },
      { person: { ...newcomer, birthDate: '16.08.2001' }, idempotencyKey: 'k2' },
      { person: { ...newcomer, shoeSize: 44 }, idempotencyKey: 'k3' },
      { person: newcomer },
    ];
    for (const body of cases) {
      const response = await call(simulator, '/api/v1/persons', { method: 'POST', body });
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION_ERROR');
    }
    const unknownClub = await call(simulator, '/api/v1/persons', { method: 'POST', body: { person: { ...newcomer, organizationIds: ['O-404'] }, idempotencyKey: 'k4' } });
    expect(unknownClub.body.error).toMatchObject({ code: 'UNKNOWN_ORGANIZATION', details: { organizationIds: ['O-404'] } });
    expect(simulator.control.submissions()).toEqual([]);
  });
});

describe('change proposals', () => {
  it('applies an accepted change and emits person.updated with the changed fields', async () => {
    const response = await call(simulator, '/api/v1/persons/P-100001', { method: 'PATCH', body: { changes: { officialEmail: 'lena@new.example', lastName: 'Hoffmann' }, idempotencyKey: 'lena-1' } });
    expect(response.status).toBe(202);
    await simulator.control.settle();
    expect(simulator.store.persons.get('P-100001')).toMatchObject({ officialEmail: 'lena@new.example', version: 2, updatedAt: clock.toISOString() });
    expect(receiver.received.map((w) => w.body)).toEqual([
      expect.objectContaining({ event: 'person.updated', personId: 'P-100001', changedFields: ['officialEmail'], submissionId: response.body.submissionId }),
    ]);
  });

  it('announces an accepted proposal that changes nothing with empty changedFields, leaving the version alone', async () => {
    const response = await call(simulator, '/api/v1/persons/P-100001', { method: 'PATCH', body: { changes: { firstName: 'Lena' }, idempotencyKey: 'lena-same' } });
    await simulator.control.settle();
    expect(simulator.store.persons.get('P-100001')).toEqual(registrySeedPersons[0]!.person);
    expect(receiver.received.map((w) => w.body)).toEqual([expect.objectContaining({ event: 'person.updated', changedFields: [], submissionId: response.body.submissionId })]);
  });

  it('rejects by rule per field (birthDate) while accepting other fields', async () => {
    simulator.control.setDecisions({ rules: [{ entity: 'person', field: 'birthDate', decision: 'reject', reason: 'Birth dates change only with a certificate.' }] });
    const birth = await call(simulator, '/api/v1/persons/P-100006', { method: 'PATCH', body: { changes: { birthDate: '2004-02-08' }, idempotencyKey: 'jonas-birth' } });
    const email = await call(simulator, '/api/v1/persons/P-100006', { method: 'PATCH', body: { changes: { officialEmail: 'jonas@new.example' }, idempotencyKey: 'jonas-email' } });
    await simulator.control.settle();
    expect((await call(simulator, `/api/v1/submissions/${birth.body.submissionId}`)).body).toMatchObject({ status: 'rejected', reason: 'Birth dates change only with a certificate.' });
    expect((await call(simulator, `/api/v1/submissions/${email.body.submissionId}`)).body).toMatchObject({ status: 'accepted' });
    expect(simulator.store.persons.get('P-100006')).toMatchObject({ birthDate: '2004-02-17', officialEmail: 'jonas@new.example' });
    expect(receiver.received.map((w) => w.body.changedFields)).toEqual([['officialEmail']]);
  });

  it('returns the same submission for the same idempotency key and applies it once; another proposal under the key is a 409', async () => {
    const body = { changes: { nationality: 'AT' }, idempotencyKey: 'felix-nat' };
    const first = await call(simulator, '/api/v1/persons/P-100007', { method: 'PATCH', body });
    await simulator.control.settle();
    const second = await call(simulator, '/api/v1/persons/P-100007', { method: 'PATCH', body });
    await simulator.control.settle();
    expect(first.status).toBe(202);
    expect(second.status).toBe(200);
    expect(second.body).toEqual({ submissionId: first.body.submissionId, status: 'accepted' });
    expect(simulator.control.submissions()).toHaveLength(1);
    expect(simulator.store.persons.get('P-100007')!.version).toBe(registrySeedPersons[6]!.person.version + 1);
    expect(receiver.received).toHaveLength(1);

    const clash = await call(simulator, '/api/v1/persons/P-100007', { method: 'PATCH', body: { changes: { nationality: 'CH' }, idempotencyKey: 'felix-nat' } });
    expect(clash.status).toBe(409);
    expect(clash.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('deactivates on an accepted { active: false } proposal and emits person.deactivated', async () => {
    const response = await call(simulator, '/api/v1/persons/P-100009', { method: 'PATCH', body: { changes: { active: false }, idempotencyKey: 'erase-paul' } });
    await simulator.control.settle();
    expect(simulator.store.persons.get('P-100009')).toMatchObject({ active: false, deactivatedAt: clock.toISOString() });
    expect(receiver.received.map((w) => w.body)).toEqual([
      expect.objectContaining({ event: 'person.deactivated', personId: 'P-100009', changedFields: ['active', 'deactivatedAt'], submissionId: response.body.submissionId }),
    ]);
  });

  it('holds submissions until the control API decides them', async () => {
    simulator.control.setDecisions({ default: 'hold' });
    const response = await call(simulator, '/api/v1/persons/P-100001', { method: 'PATCH', body: { changes: { firstName: 'Helena' }, idempotencyKey: 'hold-1' } });
    await simulator.control.settle();
    expect((await call(simulator, `/api/v1/submissions/${response.body.submissionId}`)).body.status).toBe('submitted');
    const decided = await call(simulator, `/__control/submissions/${response.body.submissionId}/decision`, { method: 'POST', body: { decision: 'accept' } });
    expect(decided.body).toMatchObject({ status: 'accepted', targetId: 'P-100001' });
    await simulator.control.settle();
    expect(simulator.store.persons.get('P-100001')!.firstName).toBe('Helena');
    expect(receiver.received).toHaveLength(1);
  });

  it('answers 404 for a change to an unknown person and for an unknown submission', async () => {
    expect((await call(simulator, '/api/v1/persons/P-1', { method: 'PATCH', body: { changes: { firstName: 'X' }, idempotencyKey: 'x' } })).status).toBe(404);
    expect((await call(simulator, '/api/v1/submissions/S-unknown')).status).toBe(404);
  });
});

describe('organization proposals', () => {
  it('creates and changes organizations through proposals, with organization.created and organization.updated', async () => {
    const created = await call(simulator, '/api/v1/organizations', { method: 'POST', body: { organization: { name: 'FC Hooli', region: 'DE-HH', sports: ['football'] }, idempotencyKey: 'hooli' } });
    expect(created.status).toBe(202);
    const changed = await call(simulator, '/api/v1/organizations/O-2001', { method: 'PATCH', body: { changes: { officialEmail: 'board@globex.example' }, idempotencyKey: 'globex-mail' } });
    await simulator.control.settle();
    expect((await call(simulator, '/api/v1/organizations/O-2004')).body).toMatchObject({ name: 'FC Hooli', region: 'DE-HH', sports: ['football'], version: 1 });
    expect((await call(simulator, '/api/v1/organizations/O-2001')).body).toMatchObject({ officialEmail: 'board@globex.example', version: 2 });
    expect(receiver.received.map((w) => w.body).sort((a, b) => String(a.event).localeCompare(String(b.event)))).toEqual([
      expect.objectContaining({ event: 'organization.created', organizationId: 'O-2004', submissionId: created.body.submissionId }),
      expect.objectContaining({ event: 'organization.updated', organizationId: 'O-2001', changedFields: ['officialEmail'], submissionId: changed.body.submissionId }),
    ]);
    const badRegion = await call(simulator, '/api/v1/organizations', { method: 'POST', body: { organization: { name: 'X', region: 'XX' }, idempotencyKey: 'x' } });
    expect(badRegion.body.error.code).toBe('UNKNOWN_CODE');
  });
});
