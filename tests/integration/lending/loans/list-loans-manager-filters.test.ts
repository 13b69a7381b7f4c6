import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectEnvelope } from '../../../support/api';
import { createTenant, createUser, insertAssets, ownerDb, type TestTenant, type TestUser } from '../../../support/factories';
import { day, insertLoan, type LoanSeed } from './loan-helpers';

// The filters behind the managers' loans view (/loans?view=…): awaitingDecision, dueOn and q.
let tenant: TestTenant;
let other: TestTenant;
let bob: TestUser;
let tokens: { employee: string; bob: string; manager: string; otherManager: string };
const loans: Record<string, string> = {};

async function rename(userId: string, first: string, last: string, email: string): Promise<void> {
  await ownerDb()`update persons set first_name = ${first}, last_name = ${last} where id = (select person_id from users where id = ${userId})`;
  await ownerDb()`update users set email = ${email} where id = ${userId}`;
}

beforeAll(async () => {
  [tenant, other] = await Promise.all([createTenant(), createTenant()]);
  bob = await createUser(tenant.id, 'EMPLOYEE');
  await rename(tenant.employee.id, 'Emma', 'Stone', 'emma.stone@acme.test');
  await rename(bob.id, 'Bob', 'Marley', 'bob@acme.test');
  const [projector, laptop, camera, drill, tripod] = (await insertAssets(tenant, [
    { name: 'Epson Projector', inventoryNumber: 'AV-0001' },
    { name: 'ThinkPad X1', inventoryNumber: 'IT-0042', status: 'LOANED' },
    { name: 'Canon Camera', inventoryNumber: 'AV-0002', status: 'LOANED' },
    { name: 'Bosch Drill', inventoryNumber: 'TL-0007' },
    { name: 'Tripod 100% steel', inventoryNumber: 'AV_0003', status: 'LOANED' },
  ])) as [string, string, string, string, string];
  const emma = tenant.employee.id;
  const seeds: [string, LoanSeed][] = [
    ['emmaPending', { assetId: projector, requesterId: emma, startDate: day(2), endDate: day(4) }],
    ['emmaDueToday', { assetId: laptop, requesterId: emma, status: 'ACTIVE', startDate: day(-3), endDate: day(0) }],
    ['bobOverdue', { assetId: camera, requesterId: bob.id, status: 'ACTIVE', startDate: day(-6), endDate: day(-2) }],
    ['bobApprovedToday', { assetId: drill, requesterId: bob.id, status: 'APPROVED', startDate: day(0), endDate: day(0) }],
    ['bobExtension', { assetId: tripod, requesterId: bob.id, status: 'ACTIVE', startDate: day(-1), endDate: day(3) }],
    ['emmaReturnedToday', { assetId: projector, requesterId: emma, status: 'RETURNED', startDate: day(-2), endDate: day(0) }],
  ];
  for (const [index, [name, seed]] of seeds.entries()) {
    loans[name] = await insertLoan(tenant, seed);
    await ownerDb()`update loans set created_at = now() - make_interval(mins => ${100 - index}) where id = ${loans[name]!}`;
  }
  await ownerDb()`update loans set extension_requested_end_date = ${day(6)} where id = ${loans.bobExtension!}`;
  const [otherAsset] = await insertAssets(other, [{ name: 'Epson Projector', inventoryNumber: 'AV-0001' }]);
  await rename(other.employee.id, 'Emma', 'Stone', 'emma.stone@globex.test');
  loans.foreignPending = await insertLoan(other, { assetId: otherAsset!, requesterId: other.employee.id, startDate: day(0), endDate: day(0) });
  tokens = { employee: await tenant.employee.token(), bob: await bob.token(), manager: await tenant.manager.token(), otherManager: await other.manager.token() };
});

async function listed(query: string, token = tokens.manager, slug = tenant.slug): Promise<string[]> {
  const response = await call('GET', `/api/v1/loans${query}`, { tenant: slug, token });
  expect(response.status).toBe(200);
  expect(response.body.pagination.total).toBe(response.body.data.length);
  return response.body.data.map((loan: { id: string }) => loan.id);
}

const ids = (...names: string[]) => names.map((name) => loans[name]);

describe('GET /api/v1/loans?awaitingDecision=true', () => {
  it('lists pending requests and requested extensions, newest first; false lists the rest', async () => {
    expect(await listed('?awaitingDecision=true')).toEqual(ids('bobExtension', 'emmaPending'));
    expect(await listed('?awaitingDecision=false')).toEqual(ids('emmaReturnedToday', 'bobApprovedToday', 'bobOverdue', 'emmaDueToday'));
    const [extension] = (await call('GET', '/api/v1/loans?awaitingDecision=true&limit=1', { tenant: tenant.slug, token: tokens.manager })).body.data;
    expect(extension).toMatchObject({ id: loans.bobExtension, status: 'ACTIVE', endDate: day(3), extensionRequestedEndDate: day(6) });
  });
});

describe('GET /api/v1/loans?dueOn=', () => {
  it('lists approved and active loans ending that day, not returned ones', async () => {
    expect(await listed(`?dueOn=${day(0)}`)).toEqual(ids('bobApprovedToday', 'emmaDueToday'));
    expect(await listed(`?dueOn=${day(0)}&status=ACTIVE`)).toEqual(ids('emmaDueToday'));
    expect(await listed(`?dueOn=${day(-2)}`)).toEqual(ids('bobOverdue'));
    expect(await listed(`?dueOn=${day(1)}`)).toEqual([]);
  });
});

describe('GET /api/v1/loans?q=', () => {
  it("matches the borrower's name and e-mail and the asset's name and inventory number, every word, any case", async () => {
    expect(await listed('?q=emma')).toEqual(ids('emmaReturnedToday', 'emmaDueToday', 'emmaPending'));
    expect(await listed('?q=MARLEY')).toEqual(ids('bobExtension', 'bobApprovedToday', 'bobOverdue'));
    expect(await listed('?q=bob%40acme')).toEqual(ids('bobExtension', 'bobApprovedToday', 'bobOverdue'));
    expect(await listed('?q=thinkpad')).toEqual(ids('emmaDueToday'));
    expect(await listed('?q=av-0001')).toEqual(ids('emmaReturnedToday', 'emmaPending'));
    expect(await listed('?q=stone%20projector')).toEqual(ids('emmaReturnedToday', 'emmaPending'));
    expect(await listed('?q=stone%20camera')).toEqual([]);
  });

  it('takes % and _ literally', async () => {
    expect(await listed('?q=100%25')).toEqual(ids('bobExtension'));
    expect(await listed('?q=av_0')).toEqual(ids('bobExtension'));
    expect(await listed('?q=%25')).toEqual(ids('bobExtension'));
  });

  it('combines with the other filters and pages like the plain list', async () => {
    expect(await listed('?q=bob&status=OVERDUE')).toEqual(ids('bobOverdue'));
    expect(await listed('?q=bob&awaitingDecision=true')).toEqual(ids('bobExtension'));
    const first = await call('GET', '/api/v1/loans?q=bob&limit=2', { tenant: tenant.slug, token: tokens.manager });
    expect(first.body.pagination).toMatchObject({ total: 3, hasMore: true });
    const next = await call('GET', `/api/v1/loans?q=bob&limit=2&cursor=${first.body.pagination.nextCursor}`, { tenant: tenant.slug, token: tokens.manager });
    expect(next.body.data.map((l: { id: string }) => l.id)).toEqual(ids('bobOverdue'));
  });
});

describe('GET /api/v1/loans: who sees what', () => {
  it('an employee gets the same filters over their own loans only', async () => {
    expect(await listed('?awaitingDecision=true', tokens.employee)).toEqual(ids('emmaPending'));
    expect(await listed('?awaitingDecision=true', tokens.bob)).toEqual(ids('bobExtension'));
    expect(await listed(`?dueOn=${day(0)}`, tokens.employee)).toEqual(ids('emmaDueToday'));
    expect(await listed('?q=marley', tokens.employee)).toEqual([]);
    expect(await listed('?q=camera', tokens.employee)).toEqual([]);
    expectEnvelope(await call('GET', `/api/v1/loans?awaitingDecision=true&userId=${bob.id}`, { tenant: tenant.slug, token: tokens.employee }), 403, 'FORBIDDEN');
  });

  it("another tenant's manager finds none of these loans, whatever the filter", async () => {
    expect(await listed('?q=emma', tokens.otherManager, other.slug)).toEqual(ids('foreignPending'));
    expect(await listed('?q=av-0001', tokens.otherManager, other.slug)).toEqual(ids('foreignPending'));
    expect(await listed('?awaitingDecision=true', tokens.otherManager, other.slug)).toEqual(ids('foreignPending'));
    expect(await listed(`?dueOn=${day(0)}`, tokens.otherManager, other.slug)).toEqual([]);
    expect(await listed('?q=emma')).not.toContain(loans.foreignPending);
  });

  it('refuses bad values with 400', async () => {
    for (const query of ['?awaitingDecision=yes', `?dueOn=${day(0).replaceAll('-', '/')}`, '?dueOn=2026-02-30', `?q=${'x'.repeat(201)}`, '?q=a%20b%20c%20d%20e%20f%20g%20h%20i', '?view=overdue']) {
      expectEnvelope(await call('GET', `/api/v1/loans${query}`, { tenant: tenant.slug, token: tokens.manager }), 400, 'VALIDATION_ERROR');
    }
  });
});
