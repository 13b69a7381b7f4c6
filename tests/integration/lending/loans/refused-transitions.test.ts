import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiResponse, call, expectEnvelope } from '../../../support/api';
import { createTenant, createUser, insertAssets, ownerDb, type TestTenant } from '../../../support/factories';
import { day, insertLoan, loanAction, printLabel, requestLoan, setPolicy, snapshotLoan, storedAssetStatus } from './loan-helpers';

let tenant: TestTenant;
let employee: string;
let otherEmployee: string;
let manager: string;
let admin: string;

beforeAll(async () => {
  tenant = await createTenant();
  const other = await createUser(tenant.id, 'EMPLOYEE');
  [employee, otherEmployee, manager, admin] = await Promise.all([tenant.employee.token(), other.token(), tenant.manager.token(), tenant.admin.token()]);
});

async function newAsset(status = 'AVAILABLE'): Promise<string> {
  const [id] = await insertAssets(tenant, [{ status }]);
  return id!;
}

async function loanIn(status: string, overrides: { startDate?: string; endDate?: string; requesterId?: string; approverId?: string } = {}): Promise<{ loanId: string; assetId: string }> {
  const assetId = await newAsset(status === 'ACTIVE' ? 'LOANED' : 'AVAILABLE');
  const loanId = await insertLoan(tenant, { assetId, requesterId: tenant.employee.id, status, ...overrides });
  return { loanId, assetId };
}

/** The refusal answers with the expected envelope and leaves the stored loan (and its audit trail) untouched. */
async function expectRefused(loanId: string, attempt: () => Promise<ApiResponse>, status: number, code: string): Promise<ApiResponse> {
  const before = await snapshotLoan(loanId);
  const response = await attempt();
  expectEnvelope(response, status, code);
  expect(await snapshotLoan(loanId)).toEqual(before);
  return response;
}

const patch = (loanId: string, token: string, json: unknown) => () => call('PATCH', `/api/v1/loans/${loanId}`, { tenant: tenant.slug, token, json });

describe('transitions refused because of the loan state (409 LOAN_INVALID_STATE)', () => {
  it.each(['REJECTED', 'CANCELLED', 'ACTIVE', 'RETURNED'])('approving a %s loan', async (status) => {
    const { loanId } = await loanIn(status);
    const refused = await expectRefused(loanId, () => loanAction(tenant, manager, loanId, 'approve'), 409, 'LOAN_INVALID_STATE');
    expect(refused.body.error.details).toMatchObject({ loanId, status, action: 'approve', allowedStatuses: ['PENDING_APPROVAL'] });
  });

  it('rejecting an approved loan that has no pending extension', async () => {
    const { loanId } = await loanIn('APPROVED');
    await expectRefused(loanId, () => loanAction(tenant, manager, loanId, 'reject', { reason: 'Too late' }), 409, 'LOAN_INVALID_STATE');
  });

  it('cancelling and editing after approval', async () => {
    const { loanId } = await loanIn('APPROVED');
    await expectRefused(loanId, () => loanAction(tenant, employee, loanId, 'cancel'), 409, 'LOAN_INVALID_STATE');
    await expectRefused(loanId, patch(loanId, employee, { purpose: 'Changed my mind' }), 409, 'LOAN_INVALID_STATE');
  });

  it('picking up, returning or extending a pending request', async () => {
    const { loanId, assetId } = await loanIn('PENDING_APPROVAL');
    const label = await printLabel(tenant, manager, assetId);
    await expectRefused(loanId, () => loanAction(tenant, employee, loanId, 'pickup'), 409, 'LOAN_INVALID_STATE');
    await expectRefused(loanId, () => loanAction(tenant, employee, loanId, 'return', { qrCodeToken: label }), 409, 'LOAN_INVALID_STATE');
    await expectRefused(loanId, () => loanAction(tenant, manager, loanId, 'return'), 409, 'LOAN_INVALID_STATE');
    await expectRefused(loanId, () => loanAction(tenant, employee, loanId, 'extend', { endDate: day(9) }), 409, 'LOAN_INVALID_STATE');
    expect(await storedAssetStatus(assetId)).toBe('AVAILABLE');
  });

  it('picking up twice and returning twice', async () => {
    const { loanId, assetId } = await loanIn('APPROVED');
    expect((await loanAction(tenant, employee, loanId, 'pickup')).status).toBe(200);
    await expectRefused(loanId, () => loanAction(tenant, employee, loanId, 'pickup'), 409, 'LOAN_INVALID_STATE');
    expect((await loanAction(tenant, manager, loanId, 'return')).status).toBe(200);
    await expectRefused(loanId, () => loanAction(tenant, manager, loanId, 'return'), 409, 'LOAN_INVALID_STATE');
    expect(await storedAssetStatus(assetId)).toBe('AVAILABLE');
  });
});

describe('decisions refused because of time', () => {
  it('approving a request whose period has already ended (409 LOAN_OUTSIDE_PERIOD)', async () => {
    const { loanId } = await loanIn('PENDING_APPROVAL', { startDate: day(-5), endDate: day(-1) });
    await expectRefused(loanId, () => loanAction(tenant, manager, loanId, 'approve'), 409, 'LOAN_OUTSIDE_PERIOD');
  });
});

describe('hand-over refusals', () => {
  it('picking up before the booked period: 409 LOAN_OUTSIDE_PERIOD', async () => {
    const { loanId, assetId } = await loanIn('APPROVED', { startDate: day(1), endDate: day(3) });
    const refused = await expectRefused(loanId, () => loanAction(tenant, employee, loanId, 'pickup'), 409, 'LOAN_OUTSIDE_PERIOD');
    expect(refused.body.error.details).toMatchObject({ loanId, startDate: day(1), endDate: day(3), today: day(0) });
    expect(await storedAssetStatus(assetId)).toBe('AVAILABLE');
  });

  it('picking up an asset that is still out or in maintenance: 409 ASSET_UNAVAILABLE', async () => {
    const { loanId, assetId } = await loanIn('APPROVED');
    await ownerDb()`update assets set status = 'MAINTENANCE' where id = ${assetId}`;
    const refused = await expectRefused(loanId, () => loanAction(tenant, manager, loanId, 'pickup'), 409, 'ASSET_UNAVAILABLE');
    expect(refused.body.error.details).toMatchObject({ assetId, assetStatus: 'MAINTENANCE' });
    expect(await storedAssetStatus(assetId)).toBe('MAINTENANCE');
  });

  it('approving a request whose asset went into maintenance: 409 ASSET_UNAVAILABLE', async () => {
    const { loanId, assetId } = await loanIn('PENDING_APPROVAL');
    await ownerDb()`update assets set status = 'MAINTENANCE' where id = ${assetId}`;
    await expectRefused(loanId, () => loanAction(tenant, manager, loanId, 'approve'), 409, 'ASSET_UNAVAILABLE');
  });

  it('returning without a scan (403 qr_code_required) or with another asset’s code (409 QR_CODE_MISMATCH)', async () => {
    const { loanId, assetId } = await loanIn('ACTIVE');
    const otherLabel = await printLabel(tenant, manager, await newAsset());
    const unscanned = await expectRefused(loanId, () => loanAction(tenant, employee, loanId, 'return'), 403, 'FORBIDDEN');
    expect(unscanned.body.error.details).toEqual({ reason: 'qr_code_required' });
    await expectRefused(loanId, () => loanAction(tenant, employee, loanId, 'return', { qrCodeToken: otherLabel }), 409, 'QR_CODE_MISMATCH');
    await expectRefused(loanId, () => loanAction(tenant, manager, loanId, 'return', { qrCodeToken: 'not-the-code' }), 409, 'QR_CODE_MISMATCH');
    expect(await storedAssetStatus(assetId)).toBe('LOANED');
  });
});

describe('refusals because of who asks', () => {
  it('an employee cannot approve or reject (403 FORBIDDEN)', async () => {
    const { loanId } = await loanIn('PENDING_APPROVAL', { requesterId: (await createUser(tenant.id, 'EMPLOYEE')).id });
    const refused = await expectRefused(loanId, () => loanAction(tenant, employee, loanId, 'approve'), 403, 'FORBIDDEN');
    expect(refused.body.error.details).toEqual({ requiredRole: 'ASSET_MANAGER' });
    await expectRefused(loanId, () => loanAction(tenant, employee, loanId, 'reject', { reason: 'No' }), 403, 'FORBIDDEN');
  });

  it("another employee cannot see, cancel, edit, pick up, return or extend the request (404 LOAN_NOT_FOUND)", async () => {
    const { loanId } = await loanIn('PENDING_APPROVAL');
    const { loanId: approvedId } = await loanIn('APPROVED');
    await expectRefused(loanId, () => call('GET', `/api/v1/loans/${loanId}`, { tenant: tenant.slug, token: otherEmployee }), 404, 'LOAN_NOT_FOUND');
    await expectRefused(loanId, () => loanAction(tenant, otherEmployee, loanId, 'cancel'), 404, 'LOAN_NOT_FOUND');
    await expectRefused(loanId, patch(loanId, otherEmployee, { purpose: 'Mine now' }), 404, 'LOAN_NOT_FOUND');
    await expectRefused(approvedId, () => loanAction(tenant, otherEmployee, approvedId, 'pickup'), 404, 'LOAN_NOT_FOUND');
    await expectRefused(approvedId, () => loanAction(tenant, otherEmployee, approvedId, 'return', { qrCodeToken: 'x' }), 404, 'LOAN_NOT_FOUND');
    await expectRefused(approvedId, () => loanAction(tenant, otherEmployee, approvedId, 'extend', { endDate: day(9) }), 404, 'LOAN_NOT_FOUND');
  });

  it('a manager can neither edit nor cancel somebody else’s request (403 not_requester)', async () => {
    const { loanId } = await loanIn('PENDING_APPROVAL');
    const edited = await expectRefused(loanId, patch(loanId, manager, { purpose: 'Overruled' }), 403, 'FORBIDDEN');
    expect(edited.body.error.details).toEqual({ reason: 'not_requester' });
    await expectRefused(loanId, () => loanAction(tenant, manager, loanId, 'cancel'), 403, 'FORBIDDEN');
  });

  it('nobody decides on their own request, not even an admin (403 own_request)', async () => {
    for (const [user, token] of [[tenant.manager, manager], [tenant.admin, admin]] as const) {
      const filed = await requestLoan(tenant, token, { assetId: await newAsset() });
      expect(filed.status).toBe(201);
      const refused = await expectRefused(filed.body.id, () => loanAction(tenant, token, filed.body.id, 'approve'), 403, 'FORBIDDEN');
      expect(refused.body.error.details).toEqual({ reason: 'own_request' });
      await expectRefused(filed.body.id, () => loanAction(tenant, token, filed.body.id, 'reject', { reason: 'Self' }), 403, 'FORBIDDEN');
      expect(filed.body.requesterId).toBe(user.id);
    }
  });

  it('only the designated approver (or an admin) decides', async () => {
    const designated = await createTenant();
    const extra = await createUser(designated.id, 'ASSET_MANAGER');
    await setPolicy(designated, { defaultApproverUserId: designated.manager.id });
    const [assetA, assetB] = await insertAssets(designated, [{}, {}]);
    const employeeToken = await designated.employee.token();
    const first = await requestLoan(designated, employeeToken, { assetId: assetA! });
    expect(first.body.approverId).toBe(designated.manager.id);

    const before = await snapshotLoan(first.body.id);
    const refused = await loanAction(designated, await extra.token(), first.body.id, 'approve');
    expectEnvelope(refused, 403, 'FORBIDDEN');
    expect(refused.body.error.details).toEqual({ reason: 'not_designated_approver', approverId: designated.manager.id });
    expectEnvelope(await loanAction(designated, await extra.token(), first.body.id, 'reject', { reason: 'No' }), 403, 'FORBIDDEN');
    expect(await snapshotLoan(first.body.id)).toEqual(before);

    const byApprover = await loanAction(designated, await designated.manager.token(), first.body.id, 'approve');
    expect(byApprover.body).toMatchObject({ status: 'APPROVED', decidedById: designated.manager.id });
    const second = await requestLoan(designated, employeeToken, { assetId: assetB! });
    const byAdmin = await loanAction(designated, await designated.admin.token(), second.body.id, 'approve');
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toMatchObject({ status: 'APPROVED', decidedById: designated.admin.id, approverId: designated.manager.id });
  });
});
