import { beforeAll, describe, expect, it } from 'vitest';
import { call, type ApiResponse } from '../../../support/api';
import { createConversation, createFinancialTransaction, createPerson, createTenant, createUser, insertAssets, ownerDb, type TestTenant } from '../../../support/factories';
import { expectValidationIssues } from './stored-state';

// -23:59 is a valid offset, and this moment is 10000-01-01T23:58:59Z in UTC: past what PostgreSQL parses back.
const YEAR_10000 = '9999-12-31T23:59:59-23:59';
// +23:59 moves the first moment of year 1 into year 0 (1 BC), which no instant of the API names either.
const YEAR_0 = '0001-01-01T00:00:00+23:59';
const outsideYears = (instant: string) => `${instant} falls outside the years 0001 to 9999 once converted to UTC.`;

let tenant: TestTenant;
let token: string;
let personId: string;
let transactionId: string;
let conversationId: string;

beforeAll(async () => {
  tenant = await createTenant();
  // Every duty, so a value that slipped through validation would reach the database, as it did (issue 23, item 13).
  const staff = await createUser(tenant.id, 'ADMIN');
  await ownerDb()`update users set duties = '{MEDICAL,COACH,FINANCE,SAFEGUARDING}' where id = ${staff.id}`;
  token = await staff.token();
  personId = await createPerson(tenant.id);
  transactionId = await createFinancialTransaction(tenant.id, { person_id: personId });
  conversationId = await createConversation(tenant.id, { kind: 'mentoring', title: 'Cycle' });
});

const api = (method: string, path: string, json?: unknown) => call(method, path, { tenant: tenant.slug, token, json });

/** What the tenant holds of every record kind with a date-time, and its audit log: a refused write changes none of it. */
async function records() {
  const [row] = await ownerDb()`select
    (select count(*)::int from activities where organisation_id = ${tenant.id}) as activities,
    (select count(*)::int from medical_treatments where organisation_id = ${tenant.id}) as treatments,
    (select count(*)::int from donations where organisation_id = ${tenant.id}) as donations,
    (select jsonb_agg(to_jsonb(t) order by t.id) from financial_transactions t where organisation_id = ${tenant.id}) as transactions,
    (select count(*)::int from antidoping_records where organisation_id = ${tenant.id}) as antidoping,
    (select count(*)::int from incident_reports where organisation_id = ${tenant.id}) as incidents,
    (select to_jsonb(c) from conversations c where id = ${conversationId}) as conversation,
    (select count(*)::int from audit_log where organisation_id = ${tenant.id}) as audit_entries`;
  return row;
}

async function expectRefused(send: () => Promise<ApiResponse>, location: 'body' | 'query', path: string, instant: string) {
  const before = await records();
  const response = await send();
  const issues = expectValidationIssues(response, location, [path]);
  expect(issues.find((issue) => issue.path === path)?.message).toBe(outsideYears(instant));
  expect(await records()).toEqual(before);
}

// Built when a test runs: the ids come from beforeAll.
const bodies = (instant: string): [string, string, string, () => Record<string, unknown>][] => [
  ['POST', '/api/v1/activities', 'occurredAt', () => ({ personId, type: 'training', title: 'Training', occurredAt: instant })],
  ['POST', '/api/v1/activities', 'endedAt', () => ({ personId, type: 'training', title: 'Training', occurredAt: '2026-11-01T16:00:00Z', endedAt: instant })],
  ['POST', '/api/v1/medical-treatments', 'startedAt', () => ({ personId, diagnosis: 'Sprain', startedAt: instant })],
  ['POST', '/api/v1/donations', 'donatedAt', () => ({ personId, amount: '10.00', donatedAt: instant })],
  ['PATCH', '/api/v1/financial-transactions/{transaction}', 'occurredAt', () => ({ occurredAt: instant })],
  ['POST', '/api/v1/antidoping-records', 'testedAt', () => ({ personId, testedAt: instant, kind: 'out_of_competition', authority: 'NADA Germany' })],
  ['POST', '/api/v1/incident-reports', 'occurredAt', () => ({ personId, occurredAt: instant, severity: 'low', description: 'Fell.' })],
  ['PATCH', '/api/v1/conversations/{conversation}', 'retentionExtendedUntil', () => ({ retentionExtendedUntil: instant })],
];

const lists = ['/api/v1/activities', '/api/v1/donations', '/api/v1/financial-transactions', '/api/v1/antidoping-records', '/api/v1/incident-reports'];

const at = (path: string) => path.replace('{transaction}', transactionId).replace('{conversation}', conversationId);

describe('a date-time whose UTC moment PostgreSQL cannot store is refused with 400, never 500 (issue 23, item 13)', () => {
  describe.each([YEAR_10000, YEAR_0])('%s', (instant) => {
    it.each(bodies(instant))('%s %s refuses it in %s', async (method, path, field, body) => {
      await expectRefused(() => api(method, at(path), body()), 'body', field, instant);
    });

    it.each(lists.flatMap((list) => [`${list}?from=`, `${list}?to=`]))('GET %s refuses it', async (list) => {
      await expectRefused(() => api('GET', `${list}${encodeURIComponent(instant)}`), 'query', list.endsWith('from=') ? 'from' : 'to', instant);
    });
  });

  it('still accepts the last moment of 9999 in UTC, whatever the offset it is written with', async () => {
    const response = await api('POST', '/api/v1/donations', { personId, amount: '10.00', donatedAt: '9999-12-31T23:59:59+01:00' });
    expect(response.status, response.text).toBe(201);
    expect(response.body.donatedAt).toBe('9999-12-31T22:59:59.000Z');
    const [row] = await ownerDb()`select donated_at from donations where id = ${response.body.id}`;
    expect(row!.donated_at).toEqual(new Date('9999-12-31T22:59:59Z'));
    const listed = await api('GET', `/api/v1/donations?from=${encodeURIComponent('9999-12-31T23:00:00+01:00')}`);
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.data.map((donation: { id: string }) => donation.id)).toEqual([response.body.id]);
  });

  it('the audit-log filter, which already bounded its instants, says the same', async () => {
    const response = await api('GET', `/api/v1/audit-log?to=${encodeURIComponent(YEAR_10000)}`);
    const [issue] = expectValidationIssues(response, 'query', ['to']);
    expect(issue!.message).toBe(outsideYears(YEAR_10000));
  });

  it('a keyset cursor naming a moment outside the years is refused as invalid, as any forged cursor', async () => {
    await insertAssets(tenant, [{ name: 'One' }, { name: 'Two' }]);
    for (const [path, key] of [
      ['/api/v1/assets?sort=createdAt', ['createdAt', '0000-06-01T00:00:00.000Z', crypto.randomUUID()]],
      ['/api/v1/loans?', ['0000-06-01T00:00:00.000Z', crypto.randomUUID()]],
    ] as const) {
      const cursor = Buffer.from(JSON.stringify(key)).toString('base64url');
      const response = await api('GET', `${path}&cursor=${cursor}`);
      expect(response.status, response.text).toBe(400);
      expect(response.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: { location: 'query', parameter: 'cursor', reason: 'invalid_cursor' } });
    }
  });
});
