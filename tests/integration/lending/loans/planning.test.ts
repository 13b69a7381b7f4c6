import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectEnvelope } from '../../../support/api';
import { createTenant, createUser, insertAssets, ownerDb, type TestTenant } from '../../../support/factories';
import { day, insertLoan, setPolicy } from './loan-helpers';

let tenant: TestTenant;
let employee: string;

beforeAll(async () => {
  tenant = await createTenant();
  employee = await tenant.employee.token();
});

function availability(assetId: string, from: string, to: string, token = employee, slug = tenant.slug) {
  return call('GET', `/api/v1/assets/${assetId}/availability?from=${from}&to=${to}`, { tenant: slug, token });
}

function defaults(assetId: string, token: string) {
  return call('GET', `/api/v1/loans/defaults?assetId=${assetId}`, { tenant: tenant.slug, token });
}

async function ageLoan(loanId: string, days: number): Promise<void> {
  await ownerDb()`update loans set created_at = now() - make_interval(days => ${days}) where id = ${loanId}`;
}

describe('GET /api/v1/assets/{id}/availability', () => {
  let assetId: string;
  beforeAll(async () => {
    [assetId] = (await insertAssets(tenant, [{ status: 'LOANED' }])) as [string];
    const other = await createUser(tenant.id, 'EMPLOYEE');
    const mine = tenant.employee.id;
    await insertLoan(tenant, { assetId, requesterId: other.id, status: 'ACTIVE', startDate: day(-1), endDate: day(1) });
    await insertLoan(tenant, { assetId, requesterId: other.id, status: 'APPROVED', startDate: day(2), endDate: day(4) });
    await insertLoan(tenant, { assetId, requesterId: other.id, status: 'PENDING_APPROVAL', startDate: day(3), endDate: day(7) });
    await insertLoan(tenant, { assetId, requesterId: mine, status: 'PENDING_APPROVAL', startDate: day(5), endDate: day(6) });
    await insertLoan(tenant, { assetId, requesterId: mine, status: 'REJECTED', startDate: day(8), endDate: day(9) });
    await insertLoan(tenant, { assetId, requesterId: other.id, status: 'CANCELLED', startDate: day(8), endDate: day(9) });
    await insertLoan(tenant, { assetId, requesterId: other.id, status: 'RETURNED', startDate: day(-9), endDate: day(-8) });
  });

  it('lists approved/active loans as busy and overlapping pending requests with only a mine flag', async () => {
    const response = await availability(assetId, day(0), day(10));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      assetId,
      assetStatus: 'LOANED',
      from: day(0),
      to: day(10),
      available: false,
      busy: [
        { startDate: day(-1), endDate: day(1), status: 'ACTIVE' },
        { startDate: day(2), endDate: day(4), status: 'APPROVED' },
      ],
      pendingRequests: [
        { startDate: day(3), endDate: day(7), mine: false },
        { startDate: day(5), endDate: day(6), mine: true },
      ],
    });
  });

  it('the mine flag follows the caller, and a window touching only pending requests is available', async () => {
    const response = await availability(assetId, day(7), day(12), await tenant.manager.token());
    expect(response.body).toMatchObject({ available: true, busy: [], pendingRequests: [{ startDate: day(3), endDate: day(7), mine: false }] });
    const edge = await availability(assetId, day(4), day(4));
    expect(edge.body).toMatchObject({ available: false, busy: [{ startDate: day(2), endDate: day(4), status: 'APPROVED' }] });
  });

  it('an asset in maintenance is never available', async () => {
    const [repair] = await insertAssets(tenant, [{ status: 'MAINTENANCE' }]);
    const response = await availability(repair!, day(0), day(3));
    expect(response.body).toMatchObject({ assetStatus: 'MAINTENANCE', available: false, busy: [], pendingRequests: [] });
  });

  it('validates the window: to before from, longer than 366 days, missing or malformed (400)', async () => {
    expect((await availability(assetId, day(0), day(365))).status).toBe(200);
    for (const [from, to] of [
      [day(5), day(4)],
      [day(0), day(367)],
      [day(0), day(800)],
      [day(0), 'tomorrow'],
    ] as const) {
      expectEnvelope(await availability(assetId, from, to), 400, 'VALIDATION_ERROR');
    }
    expectEnvelope(await call('GET', `/api/v1/assets/${assetId}/availability?from=${day(0)}`, { tenant: tenant.slug, token: employee }), 400, 'VALIDATION_ERROR');
  });

  it("another tenant's asset and an unknown one are 404 ASSET_NOT_FOUND", async () => {
    const other = await createTenant();
    const foreign = await availability(assetId, day(0), day(3), await other.employee.token(), other.slug);
    expectEnvelope(foreign, 404, 'ASSET_NOT_FOUND');
    expect(foreign.body.error.details).toEqual({ assetId, organisationId: other.id });
    expect(JSON.stringify(foreign.body)).not.toContain(day(2));
    expectEnvelope(await availability('00000000-0000-4000-8000-000000000000', day(0), day(3)), 404, 'ASSET_NOT_FOUND');
  });
});

describe('GET /api/v1/loans/defaults', () => {
  it('without history: today for a week, no purpose', async () => {
    const [assetId] = await insertAssets(tenant, [{}]);
    const fresh = await createUser(tenant.id, 'EMPLOYEE');
    const response = await defaults(assetId!, await fresh.token());
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ assetId, startDate: day(0), endDate: day(6), purpose: null, basedOnLoanId: null });
  });

  it('copies length and purpose of the last loan in the category, preferring the same asset', async () => {
    const user = await createUser(tenant.id, 'EMPLOYEE');
    const colleague = await createUser(tenant.id, 'EMPLOYEE');
    const token = await user.token();
    const [same, recent, fresh, elsewhere] = (await insertAssets(tenant, [{}, {}, {}, {}])) as [string, string, string, string];
    const [tablets] = await ownerDb()`insert into categories (organisation_id, name) values (${tenant.id}, 'Tablets') returning id`;
    await ownerDb()`update assets set category_id = ${tablets!.id} where id = ${elsewhere}`;

    const sameLoan = await insertLoan(tenant, { assetId: same, requesterId: user.id, status: 'RETURNED', startDate: day(-30), endDate: day(-26), purpose: 'Trade fair' });
    await ageLoan(sameLoan, 30);
    const recentLoan = await insertLoan(tenant, { assetId: recent, requesterId: user.id, status: 'RETURNED', startDate: day(-10), endDate: day(-9), purpose: 'Board meeting' });
    await ageLoan(recentLoan, 10);
    const otherCategory = await insertLoan(tenant, { assetId: elsewhere, requesterId: user.id, status: 'RETURNED', startDate: day(-3), endDate: day(-3), purpose: 'Tablet demo' });
    await ageLoan(otherCategory, 3);
    await insertLoan(tenant, { assetId: fresh, requesterId: colleague.id, startDate: day(1), endDate: day(12), purpose: 'Not mine' });

    expect((await defaults(same, token)).body).toEqual({ assetId: same, startDate: day(0), endDate: day(4), purpose: 'Trade fair', basedOnLoanId: sameLoan });
    expect((await defaults(fresh, token)).body).toEqual({ assetId: fresh, startDate: day(0), endDate: day(1), purpose: 'Board meeting', basedOnLoanId: recentLoan });
    expect((await defaults(elsewhere, token)).body).toEqual({ assetId: elsewhere, startDate: day(0), endDate: day(0), purpose: 'Tablet demo', basedOnLoanId: otherCategory });
  });

  it('never proposes more than the policy allows', async () => {
    const capped = await createTenant();
    await setPolicy(capped, { maxLoanDays: 5 });
    const [assetId] = await insertAssets(capped, [{}]);
    const loanId = await insertLoan(capped, { assetId: assetId!, requesterId: capped.employee.id, status: 'RETURNED', startDate: day(-40), endDate: day(-21), purpose: 'Long project' });
    const response = await call('GET', `/api/v1/loans/defaults?assetId=${assetId}`, { tenant: capped.slug, token: await capped.employee.token() });
    expect(response.body).toEqual({ assetId, startDate: day(0), endDate: day(4), purpose: 'Long project', basedOnLoanId: loanId });
  });

  it('moves the dates past approved and active loans to the first free period of the same length', async () => {
    const user = await createUser(tenant.id, 'EMPLOYEE');
    const colleague = await createUser(tenant.id, 'EMPLOYEE');
    const [assetId] = (await insertAssets(tenant, [{}])) as [string];
    const own = await insertLoan(tenant, { assetId, requesterId: user.id, status: 'RETURNED', startDate: day(-20), endDate: day(-18), purpose: 'Site survey' });
    await insertLoan(tenant, { assetId, requesterId: colleague.id, status: 'ACTIVE', startDate: day(-2), endDate: day(3), purpose: 'Busy' });
    await insertLoan(tenant, { assetId, requesterId: colleague.id, status: 'APPROVED', startDate: day(5), endDate: day(6), purpose: 'Busy again' });
    // A pending request blocks nothing until it is approved, so it does not move the proposal.
    await insertLoan(tenant, { assetId, requesterId: colleague.id, startDate: day(7), endDate: day(8), purpose: 'Maybe' });
    const response = await defaults(assetId, await user.token());
    expect(response.status).toBe(200);
    // Days 4 to 6 would meet the approved loan on day 5; the first three free days are 7 to 9.
    expect(response.body).toEqual({ assetId, startDate: day(7), endDate: day(9), purpose: 'Site survey', basedOnLoanId: own });
  });

  it('proposes no dates when the booking window has no free period, and no stale purpose', async () => {
    const full = await createTenant();
    await setPolicy(full, { maxAdvanceBookingDays: 3 });
    const [assetId] = (await insertAssets(full, [{}])) as [string];
    const old = await insertLoan(full, { assetId, requesterId: full.employee.id, status: 'RETURNED', startDate: day(-300), endDate: day(-299), purpose: 'Last year’s fair' });
    await ownerDb()`update loans set created_at = now() - interval '300 days' where id = ${old}`;
    await insertLoan(full, { assetId, requesterId: full.manager.id, status: 'APPROVED', startDate: day(0), endDate: day(10), purpose: 'Long booking' });
    const response = await call('GET', `/api/v1/loans/defaults?assetId=${assetId}`, { tenant: full.slug, token: await full.employee.token() });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ assetId, startDate: null, endDate: null, purpose: null, basedOnLoanId: old });
  });

  it('refuses a missing asset id (400) and a foreign asset (404)', async () => {
    expectEnvelope(await call('GET', '/api/v1/loans/defaults', { tenant: tenant.slug, token: employee }), 400, 'VALIDATION_ERROR');
    const other = await createTenant();
    const [foreign] = await insertAssets(other, [{}]);
    expectEnvelope(await defaults(foreign!, employee), 404, 'ASSET_NOT_FOUND');
  });
});
