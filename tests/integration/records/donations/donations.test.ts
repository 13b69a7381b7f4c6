import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectEnvelope } from '../../../support/api';
import { createDonation, createPerson, createTenant, createUser, ownerDb, type TestTenant, type TestUser } from '../../../support/factories';

let tenant: TestTenant;
let other: TestTenant;
let treasurer: TestUser;
let otherTreasurer: TestUser;
const tokens = { admin: '', treasurer: '', employee: '', otherTreasurer: '' };
let donorId: string;
let strangerId: string;
let foreignPersonId: string;
// A donor of their own for the list tests, so other tests' donations never change what they see.
let listDonorId: string;
const listed: string[] = [];

beforeAll(async () => {
  [tenant, other] = await Promise.all([createTenant(), createTenant()]);
  [treasurer, otherTreasurer] = await Promise.all([createUser(tenant.id, 'EMPLOYEE'), createUser(other.id, 'EMPLOYEE')]);
  await ownerDb()`update users set duties = '{FINANCE}' where id in (${treasurer.id}, ${otherTreasurer.id})`;
  [tokens.admin, tokens.treasurer, tokens.employee, tokens.otherTreasurer] = await Promise.all([tenant.admin.token(), treasurer.token(), tenant.employee.token(), otherTreasurer.token()]);
  donorId = (await ownerDb()`select person_id from users where id = ${tenant.employee.id}`)[0]!.person_id;
  [strangerId, foreignPersonId, listDonorId] = await Promise.all([createPerson(tenant.id), createPerson(other.id), createPerson(tenant.id)]);
  for (const [day, campaign] of [
    ['2026-03-01', 'Youth academy'],
    ['2026-03-02', 'New pitch'],
    ['2026-03-03', 'Youth academy'],
  ] as const) {
    listed.push(await createDonation(tenant.id, { person_id: listDonorId, donated_at: new Date(`${day}T10:00:00.000Z`), campaign }));
  }
});

const api = (method: string, path: string, token: string, json?: unknown, slug = tenant.slug) => call(method, path, { tenant: slug, token, json });
const donationBody = (overrides: Record<string, unknown> = {}) => ({ personId: donorId, amount: '12.50', donatedAt: '2026-11-01T16:00:00+01:00', campaign: 'Youth academy', ...overrides });
const stored = async (id: string) => (await ownerDb()`select person_id, amount::text, currency, donated_at, campaign, anonymous_to_public from donations where id = ${id}`)[0];
const countDonations = async (organisationId: string) => (await ownerDb()`select count(*)::int as n from donations where organisation_id = ${organisationId}`)[0]!.n as number;
const auditOf = (id: string) => ownerDb()`select action, actor_user_id, target_type, changes, metadata from audit_log where target_id = ${id} order by id`;
const ids = (res: { body: { data: { id: string }[] } }) => res.body.data.map((d) => d.id);

async function recordDonation(overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await api('POST', '/api/v1/donations', tokens.treasurer, donationBody(overrides));
  expect(res.status).toBe(201);
  return res.body.id;
}

describe('POST /api/v1/donations', () => {
  it('records a donation for the FINANCE duty, with the amount as a decimal string, and audits it', async () => {
    const res = await api('POST', '/api/v1/donations', tokens.treasurer, donationBody({ amount: '12.5' }));
    expect(res.status).toBe(201);
    expect(res.headers.location).toBe(`/api/v1/donations/${res.body.id}`);
    expect(res.body).toEqual({
      id: expect.any(String),
      personId: donorId,
      subjectPseudonym: null,
      amount: '12.50',
      currency: 'EUR',
      donatedAt: '2026-11-01T15:00:00.000Z',
      campaign: 'Youth academy',
      anonymousToPublic: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await stored(res.body.id)).toEqual({
      person_id: donorId,
      amount: '12.50',
      currency: 'EUR',
      donated_at: new Date('2026-11-01T15:00:00.000Z'),
      campaign: 'Youth academy',
      anonymous_to_public: false,
    });
    expect(await auditOf(res.body.id)).toEqual([
      {
        action: 'DONATION_RECORDED',
        actor_user_id: treasurer.id,
        target_type: 'DONATION',
        // The FINANCE duty guards every field: an admin reading the log learns which were set, not their values.
        changes: {},
        metadata: {
          fields: ['personId', 'amount', 'currency', 'donatedAt', 'campaign', 'anonymousToPublic'],
          personId: { changed: true },
          amount: { changed: true },
          currency: { changed: true },
          donatedAt: { changed: true },
          campaign: { changed: true },
          anonymousToPublic: { changed: true },
        },
      },
    ]);
  });

  it('takes another currency, no campaign and an anonymous donor', async () => {
    const res = await api('POST', '/api/v1/donations', tokens.treasurer, donationBody({ amount: '9999999999.99', currency: 'CHF', campaign: null, anonymousToPublic: true }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ amount: '9999999999.99', currency: 'CHF', campaign: null, anonymousToPublic: true });
    expect(await stored(res.body.id)).toMatchObject({ amount: '9999999999.99', currency: 'CHF', campaign: null, anonymous_to_public: true });
  });

  it('refuses an ADMIN without the duty and an EMPLOYEE with 403, storing nothing', async () => {
    const before = await countDonations(tenant.id);
    const admin = await api('POST', '/api/v1/donations', tokens.admin, donationBody());
    expectEnvelope(admin, 403, 'FORBIDDEN');
    expect(admin.body.error).toMatchObject({ message: 'Recording a donation requires the FINANCE duty.', details: { requiredDuty: 'FINANCE' } });
    expectEnvelope(await api('POST', '/api/v1/donations', tokens.employee, donationBody()), 403, 'FORBIDDEN');
    expect(await countDonations(tenant.id)).toBe(before);
  });

  it.each([
    ['three decimals', { amount: '12.345' }, 'amount'],
    ['a negative amount', { amount: '-1' }, 'amount'],
    ['a zero amount', { amount: '0.00' }, 'amount'],
    ['an amount as a JSON number', { amount: 1.5 }, 'amount'],
    ['an amount in exponent notation', { amount: '1e3' }, 'amount'],
    ['an amount beyond the column', { amount: '10000000000.00' }, 'amount'],
    ['no amount', { amount: undefined }, 'amount'],
    ['a lower-case currency', { currency: 'eur' }, 'currency'],
    ['a two-letter currency', { currency: 'XX' }, 'currency'],
    ['a currency ISO 4217 does not know', { currency: 'ABC' }, 'currency'],
    ['a date without a time', { donatedAt: '2026-11-01' }, 'donatedAt'],
    ['an unknown field', { reportedBy: 'me' }, ''],
    ['a malformed personId', { personId: 'nobody' }, 'personId'],
  ])('rejects %s with 400, storing nothing', async (_label, overrides, path) => {
    const before = await countDonations(tenant.id);
    const res = await api('POST', '/api/v1/donations', tokens.treasurer, donationBody(overrides));
    expectEnvelope(res, 400, 'VALIDATION_ERROR');
    expect(res.body.error.details.issues.map((issue: { path: string }) => issue.path)).toContain(path);
    expect(await countDonations(tenant.id)).toBe(before);
  });

  it('explains how to write an amount', async () => {
    const res = await api('POST', '/api/v1/donations', tokens.treasurer, donationBody({ amount: 1.5 }));
    expect(res.body.error.details.issues[0].message).toBe('Give the amount as a decimal string such as "12.50": more than 0, at most two decimals and at most 9999999999.99.');
  });

  it('answers 404 PERSON_NOT_FOUND for another tenant’s person and an unknown one', async () => {
    expectEnvelope(await api('POST', '/api/v1/donations', tokens.treasurer, donationBody({ personId: foreignPersonId })), 404, 'PERSON_NOT_FOUND');
    expectEnvelope(await api('POST', '/api/v1/donations', tokens.treasurer, donationBody({ personId: '00000000-0000-4000-8000-000000000000' })), 404, 'PERSON_NOT_FOUND');
    expect(await countDonations(other.id)).toBe(0);
  });
});

describe('GET /api/v1/donations', () => {
  it('lists a donor’s donations newest first for the FINANCE duty, in two pages without overlap', async () => {
    const first = await api('GET', `/api/v1/donations?personId=${listDonorId}&limit=2`, tokens.treasurer);
    expect(first.status).toBe(200);
    expect(ids(first)).toEqual([listed[2], listed[1]]);
    expect(first.body.pagination).toMatchObject({ limit: 2, total: 3, hasMore: true });
    const second = await api('GET', `/api/v1/donations?personId=${listDonorId}&limit=2&cursor=${first.body.pagination.nextCursor}`, tokens.treasurer);
    expect(ids(second)).toEqual([listed[0]]);
    expect(second.body.pagination).toMatchObject({ total: 3, hasMore: false, nextCursor: null });
  });

  it('filters by campaign and by the period of donatedAt (from inclusive, to exclusive)', async () => {
    const byCampaign = await api('GET', `/api/v1/donations?personId=${listDonorId}&campaign=${encodeURIComponent('Youth academy')}`, tokens.treasurer);
    expect(ids(byCampaign)).toEqual([listed[2], listed[0]]);
    const byPeriod = await api('GET', `/api/v1/donations?personId=${listDonorId}&from=2026-03-02T10:00:00Z&to=2026-03-03T10:00:00Z`, tokens.treasurer);
    expect(ids(byPeriod)).toEqual([listed[1]]);
    const all = await api('GET', '/api/v1/donations?limit=100', tokens.treasurer);
    expect(ids(all)).toEqual(expect.arrayContaining(listed));
  });

  it('rejects a period that ends before it starts and unknown parameters with 400', async () => {
    expectEnvelope(await api('GET', '/api/v1/donations?from=2026-03-03T00:00:00Z&to=2026-03-01T00:00:00Z', tokens.treasurer), 400, 'VALIDATION_ERROR');
    expectEnvelope(await api('GET', '/api/v1/donations?donor=me', tokens.treasurer), 400, 'VALIDATION_ERROR');
  });

  it('lets anyone list their own donations with personId=me, and nobody else’s', async () => {
    await createDonation(tenant.id, { person_id: donorId, donated_at: new Date('2026-01-05T10:00:00Z') });
    const mine = await api('GET', '/api/v1/donations?personId=me&limit=100', tokens.employee);
    expect(mine.status).toBe(200);
    expect(mine.body.data.length).toBeGreaterThan(0);
    expect(mine.body.data.every((d: { personId: string }) => d.personId === donorId)).toBe(true);
    const adminOwn = await api('GET', '/api/v1/donations?personId=me', tokens.admin);
    expect(adminOwn.status).toBe(200);
    expect(adminOwn.body.data).toEqual([]);
    const refused = await api('GET', '/api/v1/donations', tokens.employee);
    expectEnvelope(refused, 403, 'FORBIDDEN');
    expect(refused.body.error).toMatchObject({ message: "Listing other persons' donations requires the FINANCE duty.", details: { requiredDuty: 'FINANCE' } });
    expectEnvelope(await api('GET', `/api/v1/donations?personId=${listDonorId}`, tokens.employee), 403, 'FORBIDDEN');
    expectEnvelope(await api('GET', '/api/v1/donations', tokens.admin), 403, 'FORBIDDEN');
  });

  it('never lists another tenant’s donations', async () => {
    const res = await api('GET', '/api/v1/donations?limit=100', tokens.otherTreasurer, undefined, other.slug);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
    expect(res.body.pagination.total).toBe(0);
  });
});

describe('GET /api/v1/donations/{id}', () => {
  it('shows the donation to the FINANCE duty and to the donor', async () => {
    const id = await recordDonation();
    const byTreasurer = await api('GET', `/api/v1/donations/${id}`, tokens.treasurer);
    expect(byTreasurer.status).toBe(200);
    expect(byTreasurer.body).toMatchObject({ id, personId: donorId, amount: '12.50' });
    const byDonor = await api('GET', `/api/v1/donations/${id}`, tokens.employee);
    expect(byDonor.status).toBe(200);
    expect(byDonor.body).toEqual(byTreasurer.body);
  });

  it('answers 404 for someone else’s donation, another tenant and an unknown id', async () => {
    const id = await createDonation(tenant.id, { person_id: strangerId });
    expectEnvelope(await api('GET', `/api/v1/donations/${id}`, tokens.employee), 404, 'DONATION_NOT_FOUND');
    expectEnvelope(await api('GET', `/api/v1/donations/${id}`, tokens.admin), 404, 'DONATION_NOT_FOUND');
    expectEnvelope(await api('GET', `/api/v1/donations/${id}`, tokens.otherTreasurer, undefined, other.slug), 404, 'DONATION_NOT_FOUND');
    expectEnvelope(await api('GET', '/api/v1/donations/00000000-0000-4000-8000-000000000000', tokens.treasurer), 404, 'DONATION_NOT_FOUND');
    expectEnvelope(await api('GET', '/api/v1/donations/not-an-id', tokens.treasurer), 400, 'VALIDATION_ERROR');
  });

  it('keeps an erased donor’s donation readable by the FINANCE duty, under the pseudonym', async () => {
    const id = await recordDonation();
    await ownerDb()`update donations set person_id = null, subject_pseudonym = 'anonymized_0123abcd' where id = ${id}`;
    const res = await api('GET', `/api/v1/donations/${id}`, tokens.treasurer);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ personId: null, subjectPseudonym: 'anonymized_0123abcd', amount: '12.50' });
    expectEnvelope(await api('GET', `/api/v1/donations/${id}`, tokens.employee), 404, 'DONATION_NOT_FOUND');
  });
});

describe('PATCH /api/v1/donations/{id}', () => {
  it('corrects a donation and audits the changed fields by name', async () => {
    const id = await recordDonation();
    const res = await api('PATCH', `/api/v1/donations/${id}`, tokens.treasurer, { amount: '20', campaign: null, anonymousToPublic: false });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, amount: '20.00', campaign: null, anonymousToPublic: false, currency: 'EUR' });
    expect(await stored(id)).toMatchObject({ amount: '20.00', campaign: null });
    const [audit] = (await auditOf(id)).filter((entry) => entry.action === 'DONATION_UPDATED');
    expect(audit).toEqual({
      action: 'DONATION_UPDATED',
      actor_user_id: treasurer.id,
      target_type: 'DONATION',
      changes: {},
      metadata: { fields: ['amount', 'campaign'], amount: { changed: true }, campaign: { changed: true } },
    });
  });

  it('writes no audit entry when nothing changed', async () => {
    const id = await recordDonation();
    const res = await api('PATCH', `/api/v1/donations/${id}`, tokens.treasurer, { amount: '12.50' });
    expect(res.status).toBe(200);
    expect((await auditOf(id)).map((entry) => entry.action)).toEqual(['DONATION_RECORDED']);
  });

  it('refuses the ADMIN role and the donor with 403, validates, and answers 404 across tenants', async () => {
    const id = await recordDonation();
    const before = await stored(id);
    const admin = await api('PATCH', `/api/v1/donations/${id}`, tokens.admin, { amount: '1.00' });
    expectEnvelope(admin, 403, 'FORBIDDEN');
    expect(admin.body.error.message).toBe('Changing a donation requires the FINANCE duty.');
    expectEnvelope(await api('PATCH', `/api/v1/donations/${id}`, tokens.employee, { amount: '1.00' }), 403, 'FORBIDDEN');
    expectEnvelope(await api('PATCH', `/api/v1/donations/${id}`, tokens.treasurer, {}), 400, 'VALIDATION_ERROR');
    expectEnvelope(await api('PATCH', `/api/v1/donations/${id}`, tokens.treasurer, { amount: '12.345' }), 400, 'VALIDATION_ERROR');
    expectEnvelope(await api('PATCH', `/api/v1/donations/${id}`, tokens.treasurer, { personId: strangerId }), 400, 'VALIDATION_ERROR');
    expectEnvelope(await api('PATCH', `/api/v1/donations/${id}`, tokens.otherTreasurer, { amount: '1.00' }, other.slug), 404, 'DONATION_NOT_FOUND');
    expect(await stored(id)).toEqual(before);
  });

  it('has no DELETE: the record is kept 10 years', async () => {
    const id = await recordDonation();
    const res = await api('DELETE', `/api/v1/donations/${id}`, tokens.treasurer);
    expectEnvelope(res, 405, 'METHOD_NOT_ALLOWED');
    expect(res.headers.allow).toBe('GET, PATCH');
    expect(await stored(id)).toBeDefined();
  });
});
