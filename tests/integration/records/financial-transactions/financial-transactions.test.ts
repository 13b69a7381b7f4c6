import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectEnvelope } from '../../../support/api';
import { createFinancialTransaction, createPerson, createTenant, createUser, ownerDb, type TestTenant, type TestUser } from '../../../support/factories';

let tenant: TestTenant;
let other: TestTenant;
let treasurer: TestUser;
let otherTreasurer: TestUser;
const tokens = { admin: '', treasurer: '', employee: '', otherTreasurer: '' };
let memberId: string;
let strangerId: string;
let foreignPersonId: string;
let listPersonId: string;
const listed: string[] = [];

beforeAll(async () => {
  [tenant, other] = await Promise.all([createTenant(), createTenant()]);
  [treasurer, otherTreasurer] = await Promise.all([createUser(tenant.id, 'EMPLOYEE'), createUser(other.id, 'EMPLOYEE')]);
  await ownerDb()`update users set duties = '{FINANCE}' where id in (${treasurer.id}, ${otherTreasurer.id})`;
  [tokens.admin, tokens.treasurer, tokens.employee, tokens.otherTreasurer] = await Promise.all([tenant.admin.token(), treasurer.token(), tenant.employee.token(), otherTreasurer.token()]);
  memberId = (await ownerDb()`select person_id from users where id = ${tenant.employee.id}`)[0]!.person_id;
  [strangerId, foreignPersonId, listPersonId] = await Promise.all([createPerson(tenant.id), createPerson(other.id), createPerson(tenant.id)]);
  for (const [day, kind] of [
    ['2026-02-01', 'membership_fee'],
    ['2026-02-10', 'purchase'],
    ['2026-02-20', 'refund'],
  ] as const) {
    listed.push(await createFinancialTransaction(tenant.id, { person_id: listPersonId, occurred_at: new Date(`${day}T09:00:00.000Z`), kind }));
  }
});

const PATH = '/api/v1/financial-transactions';
const api = (method: string, path: string, token: string, json?: unknown, slug = tenant.slug) => call(method, path, { tenant: slug, token, json });
const transactionBody = (overrides: Record<string, unknown> = {}) => ({ personId: memberId, kind: 'membership_fee', amount: '180.00', occurredAt: '2026-09-01T08:00:00Z', reference: 'MF-2026-017', ...overrides });
const stored = async (id: string) => (await ownerDb()`select person_id, kind, amount::text, currency, occurred_at, reference from financial_transactions where id = ${id}`)[0];
const countTransactions = async (organisationId: string) => (await ownerDb()`select count(*)::int as n from financial_transactions where organisation_id = ${organisationId}`)[0]!.n as number;
const auditOf = (id: string) => ownerDb()`select action, actor_user_id, target_type, changes, metadata from audit_log where target_id = ${id} order by id`;
const ids = (res: { body: { data: { id: string }[] } }) => res.body.data.map((d) => d.id);

async function recordTransaction(overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await api('POST', PATH, tokens.treasurer, transactionBody(overrides));
  expect(res.status).toBe(201);
  return res.body.id;
}

describe('POST /api/v1/financial-transactions', () => {
  it('records a transaction for the FINANCE duty and audits it', async () => {
    const res = await api('POST', PATH, tokens.treasurer, transactionBody());
    expect(res.status).toBe(201);
    expect(res.headers.location).toBe(`${PATH}/${res.body.id}`);
    expect(res.body).toEqual({
      id: expect.any(String),
      personId: memberId,
      subjectPseudonym: null,
      kind: 'membership_fee',
      amount: '180.00',
      currency: 'EUR',
      occurredAt: '2026-09-01T08:00:00.000Z',
      reference: 'MF-2026-017',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await stored(res.body.id)).toEqual({
      person_id: memberId,
      kind: 'membership_fee',
      amount: '180.00',
      currency: 'EUR',
      occurred_at: new Date('2026-09-01T08:00:00.000Z'),
      reference: 'MF-2026-017',
    });
    expect(await auditOf(res.body.id)).toEqual([
      {
        action: 'FINANCIAL_TRANSACTION_RECORDED',
        actor_user_id: treasurer.id,
        target_type: 'FINANCIAL_TRANSACTION',
        // The FINANCE duty guards every field: an admin reading the log learns which were set, not their values.
        changes: {},
        metadata: {
          fields: ['personId', 'kind', 'amount', 'currency', 'occurredAt', 'reference'],
          personId: { changed: true },
          kind: { changed: true },
          amount: { changed: true },
          currency: { changed: true },
          occurredAt: { changed: true },
          reference: { changed: true },
        },
      },
    ]);
  });

  it('records a refund as a new transaction of its own, with a positive amount', async () => {
    const fee = await recordTransaction({ amount: '49.90' });
    const refund = await api('POST', PATH, tokens.treasurer, transactionBody({ kind: 'refund', amount: '49.9', currency: 'GBP', reference: null }));
    expect(refund.status).toBe(201);
    expect(refund.body).toMatchObject({ kind: 'refund', amount: '49.90', currency: 'GBP', reference: null });
    expect(await stored(fee)).toMatchObject({ kind: 'membership_fee', amount: '49.90' });
  });

  it('refuses an ADMIN without the duty and an EMPLOYEE with 403, storing nothing', async () => {
    const before = await countTransactions(tenant.id);
    const admin = await api('POST', PATH, tokens.admin, transactionBody());
    expectEnvelope(admin, 403, 'FORBIDDEN');
    expect(admin.body.error).toMatchObject({ message: 'Recording a financial transaction requires the FINANCE duty.', details: { requiredDuty: 'FINANCE' } });
    expectEnvelope(await api('POST', PATH, tokens.employee, transactionBody()), 403, 'FORBIDDEN');
    expect(await countTransactions(tenant.id)).toBe(before);
  });

  it.each([
    ['three decimals', { amount: '12.345' }, 'amount'],
    ['a negative amount', { amount: '-1' }, 'amount'],
    ['a zero amount', { amount: '0' }, 'amount'],
    ['an amount as a JSON number', { amount: 1.5 }, 'amount'],
    ['a lower-case currency', { currency: 'eur' }, 'currency'],
    ['a two-letter currency', { currency: 'XX' }, 'currency'],
    ['an unknown kind', { kind: 'donation' }, 'kind'],
    ['no kind', { kind: undefined }, 'kind'],
    ['a time without an offset', { occurredAt: '2026-09-01T08:00:00' }, 'occurredAt'],
    ['an unknown field', { direction: 'in' }, ''],
  ])('rejects %s with 400, storing nothing', async (_label, overrides, path) => {
    const before = await countTransactions(tenant.id);
    const res = await api('POST', PATH, tokens.treasurer, transactionBody(overrides));
    expectEnvelope(res, 400, 'VALIDATION_ERROR');
    expect(res.body.error.details.issues.map((issue: { path: string }) => issue.path)).toContain(path);
    expect(await countTransactions(tenant.id)).toBe(before);
  });

  it('answers 404 PERSON_NOT_FOUND for another tenant’s person', async () => {
    expectEnvelope(await api('POST', PATH, tokens.treasurer, transactionBody({ personId: foreignPersonId })), 404, 'PERSON_NOT_FOUND');
    expect(await countTransactions(other.id)).toBe(0);
  });
});

describe('GET /api/v1/financial-transactions', () => {
  it('lists newest first for the FINANCE duty, in two pages without overlap', async () => {
    const first = await api('GET', `${PATH}?personId=${listPersonId}&limit=2`, tokens.treasurer);
    expect(first.status).toBe(200);
    expect(ids(first)).toEqual([listed[2], listed[1]]);
    expect(first.body.pagination).toMatchObject({ total: 3, hasMore: true });
    const second = await api('GET', `${PATH}?personId=${listPersonId}&limit=2&cursor=${first.body.pagination.nextCursor}`, tokens.treasurer);
    expect(ids(second)).toEqual([listed[0]]);
    expect(second.body.pagination).toMatchObject({ hasMore: false, nextCursor: null });
  });

  it('filters by kind and by the period of occurredAt', async () => {
    expect(ids(await api('GET', `${PATH}?personId=${listPersonId}&kind=refund`, tokens.treasurer))).toEqual([listed[2]]);
    expect(ids(await api('GET', `${PATH}?personId=${listPersonId}&from=2026-02-01T09:00:00Z&to=2026-02-20T09:00:00Z`, tokens.treasurer))).toEqual([listed[1], listed[0]]);
    expectEnvelope(await api('GET', `${PATH}?kind=gift`, tokens.treasurer), 400, 'VALIDATION_ERROR');
    expectEnvelope(await api('GET', `${PATH}?from=2026-02-20T00:00:00Z&to=2026-02-01T00:00:00Z`, tokens.treasurer), 400, 'VALIDATION_ERROR');
  });

  it('lets anyone list their own transactions with personId=me, and nobody else’s', async () => {
    await createFinancialTransaction(tenant.id, { person_id: memberId });
    const mine = await api('GET', `${PATH}?personId=me&limit=100`, tokens.employee);
    expect(mine.status).toBe(200);
    expect(mine.body.data.length).toBeGreaterThan(0);
    expect(mine.body.data.every((t: { personId: string }) => t.personId === memberId)).toBe(true);
    const adminOwn = await api('GET', `${PATH}?personId=me`, tokens.admin);
    expect(adminOwn.body.data).toEqual([]);
    const refused = await api('GET', PATH, tokens.employee);
    expectEnvelope(refused, 403, 'FORBIDDEN');
    expect(refused.body.error.details).toEqual({ requiredDuty: 'FINANCE' });
    expectEnvelope(await api('GET', `${PATH}?personId=${listPersonId}`, tokens.employee), 403, 'FORBIDDEN');
    expectEnvelope(await api('GET', PATH, tokens.admin), 403, 'FORBIDDEN');
  });

  it('never lists another tenant’s transactions', async () => {
    const res = await api('GET', `${PATH}?limit=100`, tokens.otherTreasurer, undefined, other.slug);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
  });
});

describe('GET /api/v1/financial-transactions/{id}', () => {
  it('shows the transaction to the FINANCE duty and to its person, and 404 to anyone else', async () => {
    const id = await recordTransaction();
    expect((await api('GET', `${PATH}/${id}`, tokens.treasurer)).body).toMatchObject({ id, amount: '180.00' });
    expect((await api('GET', `${PATH}/${id}`, tokens.employee)).body).toMatchObject({ id, personId: memberId });
    const someoneElses = await createFinancialTransaction(tenant.id, { person_id: strangerId });
    expectEnvelope(await api('GET', `${PATH}/${someoneElses}`, tokens.employee), 404, 'FINANCIAL_TRANSACTION_NOT_FOUND');
    expectEnvelope(await api('GET', `${PATH}/${someoneElses}`, tokens.admin), 404, 'FINANCIAL_TRANSACTION_NOT_FOUND');
    expectEnvelope(await api('GET', `${PATH}/${id}`, tokens.otherTreasurer, undefined, other.slug), 404, 'FINANCIAL_TRANSACTION_NOT_FOUND');
  });

  it('keeps an erased person’s transaction for the FINANCE duty, under the pseudonym', async () => {
    const id = await createFinancialTransaction(tenant.id, { subject_pseudonym: 'anonymized_00ff' });
    const res = await api('GET', `${PATH}/${id}`, tokens.treasurer);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ personId: null, subjectPseudonym: 'anonymized_00ff' });
  });
});

describe('PATCH /api/v1/financial-transactions/{id}', () => {
  it('corrects a transaction and audits which fields changed, by name', async () => {
    const id = await recordTransaction();
    const res = await api('PATCH', `${PATH}/${id}`, tokens.treasurer, { kind: 'sponsorship', amount: '1500.5', reference: null });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ kind: 'sponsorship', amount: '1500.50', reference: null, occurredAt: '2026-09-01T08:00:00.000Z' });
    expect(await stored(id)).toMatchObject({ kind: 'sponsorship', amount: '1500.50', reference: null });
    const [audit] = (await auditOf(id)).filter((entry) => entry.action === 'FINANCIAL_TRANSACTION_UPDATED');
    expect(audit).toMatchObject({
      actor_user_id: treasurer.id,
      changes: {},
      metadata: { fields: ['kind', 'amount', 'reference'], kind: { changed: true }, amount: { changed: true }, reference: { changed: true } },
    });
  });

  it('refuses the ADMIN role and the person with 403, validates, and answers 404 across tenants', async () => {
    const id = await recordTransaction();
    const before = await stored(id);
    expectEnvelope(await api('PATCH', `${PATH}/${id}`, tokens.admin, { amount: '1.00' }), 403, 'FORBIDDEN');
    expectEnvelope(await api('PATCH', `${PATH}/${id}`, tokens.employee, { amount: '1.00' }), 403, 'FORBIDDEN');
    expectEnvelope(await api('PATCH', `${PATH}/${id}`, tokens.treasurer, {}), 400, 'VALIDATION_ERROR');
    expectEnvelope(await api('PATCH', `${PATH}/${id}`, tokens.treasurer, { amount: -5 }), 400, 'VALIDATION_ERROR');
    expectEnvelope(await api('PATCH', `${PATH}/${id}`, tokens.treasurer, { currency: 'eur' }), 400, 'VALIDATION_ERROR');
    expectEnvelope(await api('PATCH', `${PATH}/${id}`, tokens.otherTreasurer, { amount: '1.00' }, other.slug), 404, 'FINANCIAL_TRANSACTION_NOT_FOUND');
    expect(await stored(id)).toEqual(before);
    expectEnvelope(await api('DELETE', `${PATH}/${id}`, tokens.treasurer), 405, 'METHOD_NOT_ALLOWED');
  });
});
