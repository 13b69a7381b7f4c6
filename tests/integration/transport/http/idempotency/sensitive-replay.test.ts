import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { runIdempotently } from '@/lib/transport/http/idempotency';
import { created } from '@/lib/transport/http/responses';
import { recordSensitiveReads } from '@/lib/platform/audit/record-sensitive-reads';
import { createContext } from '@/lib/platform/core/context';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';
import { expectEnvelope } from '../../../../support/api';
import { createTenant, createUser, ownerDb, type TestTenant, type TestUser } from '../../../../support/factories';
import { jobDb } from '../../../../support/job-db';
import { newKey, post, storedKey } from './idempotency-helpers';

// A stored answer is replayed to the same user only, but that user's duties can change within the key's 24 hours:
// the answer of a POST that created a sensitive record is rebuilt on replay through the record's read path, which
// checks the duty now and audits the read, and the decrypted record is never kept with the key.

let tenant: TestTenant;
let medic: TestUser;
let treasurer: TestUser;
let patientPerson: string;
const tokens = { medic: '', treasurer: '' };

const DIAGNOSIS = 'Partial tear of the left anterior cruciate ligament';

beforeAll(async () => {
  tenant = await createTenant();
  [medic, treasurer] = await Promise.all([createUser(tenant.id, 'EMPLOYEE'), createUser(tenant.id, 'EMPLOYEE')]);
  await ownerDb()`update users set duties = '{MEDICAL}' where id = ${medic.id}`;
  await ownerDb()`update users set duties = '{FINANCE}' where id = ${treasurer.id}`;
  [tokens.medic, tokens.treasurer] = await Promise.all([medic.token(), treasurer.token()]);
  patientPerson = (await ownerDb()`select person_id from users where id = ${tenant.employee.id}`)[0]!.person_id;
});

const readsOf = (targetId: string) => ownerDb()`select actor_user_id, request_id from audit_log where action = 'SENSITIVE_RECORD_VIEWED' and target_id = ${targetId} order by id`;
const treatmentsOf = async (personId: string) => (await ownerDb()`select count(*)::int as n from medical_treatments where person_id = ${personId}`)[0]!.n as number;

describe('replaying the answer of a POST that created a sensitive record', () => {
  it('keeps no decrypted field with the key, re-reads the record on replay, audits each replay as a read, and refuses it once the duty is gone', async () => {
    const key = newKey();
    const body = { personId: patientPerson, diagnosis: DIAGNOSIS, startedAt: '2026-05-04T09:00:00Z' };
    const first = await post(tenant, tokens.medic, '/api/v1/medical-treatments', key, body);
    expect(first.status).toBe(201);
    expect(first.body.diagnosis).toBe(DIAGNOSIS);
    const treatmentId = first.body.id as string;

    const row = (await storedKey(tenant.id, medic.id, key))!;
    expect(row).toMatchObject({ status: 'completed', response_status: 201 });
    expect(row.response_body).toEqual(Buffer.alloc(0));
    expect(row.response_headers).toMatchObject({ location: `/api/v1/medical-treatments/${treatmentId}` });

    const again = await post(tenant, tokens.medic, '/api/v1/medical-treatments', key, body);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers.location).toBe(first.headers.location);
    expect(again.body).toEqual(first.body);
    expect(await treatmentsOf(patientPerson)).toBe(1);
    expect(await readsOf(treatmentId)).toEqual([
      { actor_user_id: medic.id, request_id: first.headers['x-request-id'] },
      { actor_user_id: medic.id, request_id: again.headers['x-request-id'] },
    ]);

    await ownerDb()`update users set duties = '{}' where id = ${medic.id}`;
    const refused = await post(tenant, tokens.medic, '/api/v1/medical-treatments', key, body);
    expectEnvelope(refused, 404, 'MEDICAL_TREATMENT_NOT_FOUND');
    expect(refused.text).not.toContain(DIAGNOSIS);
    expect(refused.headers['idempotent-replayed']).toBeUndefined();
    expect(await treatmentsOf(patientPerson)).toBe(1);
    expect(await readsOf(treatmentId)).toHaveLength(2);
    // The answer is the GET's for the same caller.
    expectEnvelope(await post(tenant, tokens.medic, '/api/v1/medical-treatments', key, body), 404, 'MEDICAL_TREATMENT_NOT_FOUND');
  });

  it('refuses the replay of a donation to a treasurer whose FINANCE duty was removed', async () => {
    const key = newKey();
    const body = { personId: patientPerson, amount: '321.00', donatedAt: '2026-05-05T09:00:00Z', campaign: 'Replay spring' };
    const first = await post(tenant, tokens.treasurer, '/api/v1/donations', key, body);
    expect(first.status).toBe(201);
    expect((await storedKey(tenant.id, treasurer.id, key))!.response_body).toEqual(Buffer.alloc(0));
    expect((await post(tenant, tokens.treasurer, '/api/v1/donations', key, body)).body).toEqual(first.body);
    await ownerDb()`update users set duties = '{}' where id = ${treasurer.id}`;
    const refused = await post(tenant, tokens.treasurer, '/api/v1/donations', key, body);
    expectEnvelope(refused, 404, 'DONATION_NOT_FOUND');
    expect(refused.text).not.toContain('Replay spring');
    expect((await ownerDb()`select count(*)::int as n from donations where campaign = 'Replay spring'`)[0]!.n).toBe(1);
  });

  it('replays an incident report to its reporter through the read path, which audits it', async () => {
    const key = newKey();
    const body = { personId: patientPerson, occurredAt: '2026-05-06T09:00:00Z', severity: 'low', description: 'Replayed report' };
    const first = await post(tenant, tokens.treasurer, '/api/v1/incident-reports', key, body);
    expect(first.status).toBe(201);
    const again = await post(tenant, tokens.treasurer, '/api/v1/incident-reports', key, body);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect((await readsOf(first.body.id)).map((read) => read.request_id)).toEqual([first.headers['x-request-id'], again.headers['x-request-id']]);
  });

  it('keeps nothing, and fails, for an answer that reveals a sensitive record from a route that does not read it back', async () => {
    const { ctx } = createContext({
      organisation: { id: tenant.id, slug: tenant.slug, name: 'T', planTier: 'ENTERPRISE', customRateLimits: null, customDomain: null },
      user: { id: medic.id, personId: patientPerson, role: 'EMPLOYEE', duties: ['MEDICAL'] },
    });
    const key = newKey();
    const request = new Request('http://replay.test/api/v1/undeclared', { method: 'POST', body: '{}' });
    const reveal = async (tx: Parameters<typeof recordSensitiveReads>[0], runCtx: typeof ctx) => {
      await recordSensitiveReads(tx, runCtx, 'MEDICAL_TREATMENT', [randomUUID()], ['diagnosis']);
      return created({ diagnosis: DIAGNOSIS }, '/api/v1/undeclared/1');
    };
    const run = withTenant(jobDb(), tenant.id, (tx) => runIdempotently(tx, ctx, { key, method: 'POST', path: '/api/v1/undeclared', request }, reveal));
    await expect(run).rejects.toThrow('/api/v1/undeclared reveals a sensitive record but declares no readBack');
    expect(await storedKey(tenant.id, medic.id, key)).toBeUndefined();
  });
});
