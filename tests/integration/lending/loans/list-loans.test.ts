import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectEnvelope } from '../../../support/api';
import { createTenant, createUser, insertAssets, ownerDb, type TestTenant, type TestUser } from '../../../support/factories';
import { day, insertLoan, type LoanSeed } from './loan-helpers';

let tenant: TestTenant;
let second: TestUser;
let tokens: { employee: string; second: string; manager: string };
let assets: string[];
/** Loan ids by name, created oldest first so the list (newest first) has a known order. */
const loans: Record<string, string> = {};

beforeAll(async () => {
  tenant = await createTenant();
  second = await createUser(tenant.id, 'EMPLOYEE');
  assets = await insertAssets(tenant, [{}, {}, { status: 'LOANED' }, { status: 'LOANED' }, { status: 'LOANED' }]);
  const [one, two, three, four, five] = assets as [string, string, string, string, string];
  const me = tenant.employee.id;
  const seeds: [string, LoanSeed][] = [
    ['returned', { assetId: one, requesterId: me, status: 'RETURNED', startDate: day(-20), endDate: day(-18) }],
    ['overdue', { assetId: three, requesterId: me, status: 'ACTIVE', startDate: day(-5), endDate: day(-1) }],
    ['active', { assetId: four, requesterId: me, status: 'ACTIVE', startDate: day(-1), endDate: day(2) }],
    ['approved', { assetId: two, requesterId: me, status: 'APPROVED', startDate: day(3), endDate: day(5) }],
    ['pending', { assetId: one, requesterId: me, startDate: day(1), endDate: day(2) }],
    ['secondOverdue', { assetId: five, requesterId: second.id, status: 'ACTIVE', startDate: day(-3), endDate: day(-2) }],
    ['secondPending', { assetId: one, requesterId: second.id, startDate: day(1), endDate: day(3) }],
  ];
  for (const [index, [name, seed]] of seeds.entries()) {
    loans[name] = await insertLoan(tenant, seed);
    await ownerDb()`update loans set created_at = now() - make_interval(mins => ${100 - index}) where id = ${loans[name]!}`;
  }
  tokens = { employee: await tenant.employee.token(), second: await second.token(), manager: await tenant.manager.token() };
});

async function list(query: string, token = tokens.manager) {
  return call('GET', `/api/v1/loans${query}`, { tenant: tenant.slug, token });
}

async function listed(query: string, token = tokens.manager): Promise<string[]> {
  const response = await list(query, token);
  expect(response.status).toBe(200);
  expect(response.body.pagination.total).toBe(response.body.data.length);
  return response.body.data.map((loan: { id: string }) => loan.id);
}

const ids = (...names: string[]) => names.map((name) => loans[name]);

describe('GET /api/v1/loans: whose loans', () => {
  it('an employee sees only their own loans, newest first, with or without userId=me or their id', async () => {
    const own = ids('pending', 'approved', 'active', 'overdue', 'returned');
    expect(await listed('', tokens.employee)).toEqual(own);
    expect(await listed('?userId=me', tokens.employee)).toEqual(own);
    expect(await listed(`?userId=${tenant.employee.id}`, tokens.employee)).toEqual(own);
    expect(await listed('', tokens.second)).toEqual(ids('secondPending', 'secondOverdue'));
  });

  it("an employee asking for another user's loans gets 403", async () => {
    const response = await list(`?userId=${second.id}`, tokens.employee);
    expectEnvelope(response, 403, 'FORBIDDEN');
    expect(response.body.error.details).toEqual({ requiredRole: 'ASSET_MANAGER' });
  });

  it("a manager sees everyone's loans, or one user's, or (userId=me) their own", async () => {
    expect(await listed('')).toEqual(ids('secondPending', 'secondOverdue', 'pending', 'approved', 'active', 'overdue', 'returned'));
    expect(await listed(`?userId=${second.id}`)).toEqual(ids('secondPending', 'secondOverdue'));
    expect(await listed('?userId=me')).toEqual([]);
  });

  it('returns the loan resource', async () => {
    const [first] = (await list('?userId=me&status=OVERDUE', tokens.employee)).body.data;
    expect(first).toMatchObject({ id: loans.overdue, assetId: assets[2], requesterId: tenant.employee.id, status: 'ACTIVE', overdue: true, startDate: day(-5), endDate: day(-1) });
  });
});

describe('GET /api/v1/loans: filters', () => {
  it('status, including OVERDUE (ACTIVE past its end date)', async () => {
    expect(await listed('?status=OVERDUE')).toEqual(ids('secondOverdue', 'overdue'));
    expect(await listed('?status=OVERDUE', tokens.employee)).toEqual(ids('overdue'));
    expect(await listed('?status=ACTIVE')).toEqual(ids('secondOverdue', 'active', 'overdue'));
    expect(await listed('?status=PENDING_APPROVAL')).toEqual(ids('secondPending', 'pending'));
    expect(await listed('?status=RETURNED')).toEqual(ids('returned'));
    expect(await listed('?status=CANCELLED')).toEqual([]);
    const active = (await list('?status=ACTIVE')).body.data.map((l: { id: string; overdue: boolean }) => [l.id, l.overdue]);
    expect(active).toEqual([
      [loans.secondOverdue, true],
      [loans.active, false],
      [loans.overdue, true],
    ]);
  });

  it('assetId, and combined filters', async () => {
    expect(await listed(`?assetId=${assets[0]}`)).toEqual(ids('secondPending', 'pending', 'returned'));
    expect(await listed(`?assetId=${assets[0]}&status=PENDING_APPROVAL&userId=${second.id}`)).toEqual(ids('secondPending'));
  });

  it('period: loans whose dates overlap [from, to], both days included', async () => {
    expect(await listed(`?from=${day(0)}&to=${day(2)}`)).toEqual(ids('secondPending', 'pending', 'active'));
    expect(await listed(`?from=${day(3)}&to=${day(3)}`)).toEqual(ids('secondPending', 'approved'));
    expect(await listed(`?to=${day(-2)}`)).toEqual(ids('secondOverdue', 'overdue', 'returned'));
    expect(await listed(`?from=${day(4)}`)).toEqual(ids('approved'));
  });

  it('rejects unknown parameters and bad values with 400', async () => {
    for (const query of ['?status=LATE', '?userId=someone', '?assetId=42', `?from=${day(0).replaceAll('-', '/')}`, '?sort=asc', '?limit=0', '?limit=101', '?cursor=not-a-cursor']) {
      expectEnvelope(await list(query), 400, 'VALIDATION_ERROR');
    }
  });
});

describe('GET /api/v1/loans: keyset paging', () => {
  it('walks every loan once, in order, with the total on every page', async () => {
    const all = ids('secondPending', 'secondOverdue', 'pending', 'approved', 'active', 'overdue', 'returned');
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await list(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(response.status).toBe(200);
      expect(response.body.pagination).toMatchObject({ limit: 2, total: 7, hasMore: pages < 3 });
      seen.push(...response.body.data.map((l: { id: string }) => l.id));
      cursor = response.body.pagination.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(4);
    expect(seen).toEqual(all);
  });

  it('a page of a filtered list continues the same filter', async () => {
    const first = await list('?status=ACTIVE&limit=2');
    expect(first.body.pagination).toMatchObject({ total: 3, hasMore: true });
    const next = await list(`?status=ACTIVE&limit=2&cursor=${first.body.pagination.nextCursor}`);
    expect(next.body.data.map((l: { id: string }) => l.id)).toEqual(ids('overdue'));
    expect(next.body.pagination).toMatchObject({ total: 3, hasMore: false, nextCursor: null });
  });
});
