import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectEnvelope } from '../../../support/api';
import { createTenant, insertAssets, ownerDb, type TestTenant } from '../../../support/factories';
import { day, insertLoan, type LoanAction, loanAction, requestLoan, snapshotLoan } from './loan-helpers';

let a: TestTenant;
let b: TestTenant;
let assetA: string;
let pendingA: string;
let approvedA: string;
let activeA: string;
let tokensB: { employee: string; manager: string; admin: string };

beforeAll(async () => {
  [a, b] = await Promise.all([createTenant(), createTenant()]);
  const [pendingAsset, approvedAsset, activeAsset] = (await insertAssets(a, [{}, {}, { status: 'LOANED' }])) as [string, string, string];
  assetA = pendingAsset;
  const employeeA = await a.employee.token();
  pendingA = (await requestLoan(a, employeeA, { assetId: pendingAsset })).body.id;
  approvedA = await insertLoan(a, { assetId: approvedAsset, requesterId: a.employee.id, status: 'APPROVED' });
  activeA = await insertLoan(a, { assetId: activeAsset, requesterId: a.employee.id, status: 'ACTIVE' });
  const [employee, manager, admin] = await Promise.all([b.employee.token(), b.manager.token(), b.admin.token()]);
  tokensB = { employee, manager, admin };
});

describe("tenant B and tenant A's loans", () => {
  it("cannot read A's loans (404 LOAN_NOT_FOUND, details name B's organisation)", async () => {
    for (const token of Object.values(tokensB)) {
      for (const loanId of [pendingA, approvedA, activeA]) {
        const response = await call('GET', `/api/v1/loans/${loanId}`, { tenant: b.slug, token });
        expectEnvelope(response, 404, 'LOAN_NOT_FOUND');
        expect(response.body.error.details).toEqual({ loanId, organisationId: b.id });
      }
    }
  });

  it("never lists A's loans, whatever the filter", async () => {
    for (const query of ['', `?assetId=${assetA}`, `?userId=${a.employee.id}`, '?status=PENDING_APPROVAL', '?status=ACTIVE']) {
      const response = await call('GET', `/api/v1/loans${query}`, { tenant: b.slug, token: tokensB.admin });
      expect(response.status).toBe(200);
      expect(response.body.data).toEqual([]);
      expect(response.body.pagination.total).toBe(0);
    }
  });

  it.each<[LoanAction | 'edit', 'pendingA' | 'approvedA' | 'activeA', 'employee' | 'manager' | 'admin', unknown]>([
    ['approve', 'pendingA', 'manager', {}],
    ['approve', 'pendingA', 'admin', {}],
    ['reject', 'pendingA', 'admin', { reason: 'Not yours' }],
    ['cancel', 'pendingA', 'employee', {}],
    ['edit', 'pendingA', 'employee', { purpose: 'Hijacked' }],
    ['pickup', 'approvedA', 'manager', {}],
    ['extend', 'approvedA', 'admin', { endDate: day(9) }],
    ['return', 'activeA', 'manager', {}],
    ['return', 'activeA', 'employee', { qrCodeToken: 'guess' }],
  ])("cannot %s A's %s as %s (404, nothing changes)", async (action, which, role, json) => {
    const loanId = { pendingA, approvedA, activeA }[which];
    const before = await snapshotLoan(loanId);
    const token = tokensB[role];
    const response =
      action === 'edit' ? await call('PATCH', `/api/v1/loans/${loanId}`, { tenant: b.slug, token, json }) : await loanAction(b, token, loanId, action, json);
    expectEnvelope(response, 404, 'LOAN_NOT_FOUND');
    expect(await snapshotLoan(loanId)).toEqual(before);
  });

  it("cannot request A's asset (404 ASSET_NOT_FOUND) and no loan is stored", async () => {
    const response = await requestLoan(b, tokensB.employee, { assetId: assetA, startDate: day(10), endDate: day(11) });
    expectEnvelope(response, 404, 'ASSET_NOT_FOUND');
    expect(response.body.error.details).toEqual({ assetId: assetA, organisationId: b.id });
    const [count] = await ownerDb()`select count(*)::int as n from loans where organisation_id = ${b.id}`;
    expect(count!.n).toBe(0);
  });

  it("cannot plan on A's asset nor read A's notifications", async () => {
    expectEnvelope(await call('GET', `/api/v1/loans/defaults?assetId=${assetA}`, { tenant: b.slug, token: tokensB.employee }), 404, 'ASSET_NOT_FOUND');
    const decided = await insertLoan(a, { assetId: (await insertAssets(a, [{}]))[0]!, requesterId: a.employee.id });
    expect((await loanAction(a, await a.manager.token(), decided, 'approve')).status).toBe(200);
    const [notification] = await ownerDb()`select id from notifications where loan_id = ${decided}`;
    const foreign = await call('POST', `/api/v1/notifications/${notification!.id}/read`, { tenant: b.slug, token: tokensB.employee });
    expectEnvelope(foreign, 404, 'NOTIFICATION_NOT_FOUND');
    const [stored] = await ownerDb()`select read_at from notifications where id = ${notification!.id}`;
    expect(stored!.read_at).toBeNull();
    const list = await call('GET', '/api/v1/notifications', { tenant: b.slug, token: tokensB.employee });
    expect(list.body.data).toEqual([]);
  });

  it("B's token at A's address is refused (401), and B's policy change leaves A's policy alone", async () => {
    const response = await call('GET', `/api/v1/loans/${pendingA}`, { tenant: a.slug, token: tokensB.admin });
    expectEnvelope(response, 401, 'UNAUTHENTICATED');
    expect((await call('PATCH', '/api/v1/loan-policy', { tenant: b.slug, token: tokensB.admin, json: { requireApproval: false } })).status).toBe(200);
    const policyA = await call('GET', '/api/v1/loan-policy', { tenant: a.slug, token: await a.employee.token() });
    expect(policyA.body.requireApproval).toBe(true);
  });
});
