import { beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope } from '../../../support/api';
import { createTenant, createUser, insertAssets, ownerDb, type TestTenant } from '../../../support/factories';
import { day, expectRefused, loanAction, requestLoan, seededLoan, setPolicy, snapshotLoan } from './loan-helpers';

// POST /api/v1/loans/{id}/approve (lib/lending/loans/approve-loan.ts); the approval of an extension is in
// extend-loan.test.ts, the whole lifecycle in loan-lifecycle.test.ts.
let tenant: TestTenant;
let employee: string;
let manager: string;
let admin: string;

beforeAll(async () => {
  tenant = await createTenant();
  [employee, manager, admin] = await Promise.all([tenant.employee.token(), tenant.manager.token(), tenant.admin.token()]);
});

describe('approving refused because of the loan state (409 LOAN_INVALID_STATE)', () => {
  it.each(['REJECTED', 'CANCELLED', 'ACTIVE', 'RETURNED'])('approving a %s loan', async (status) => {
    const { loanId } = await seededLoan(tenant, status);
    const refused = await expectRefused(loanId, () => loanAction(tenant, manager, loanId, 'approve'), 409, 'LOAN_INVALID_STATE');
    expect(refused.body.error.details).toMatchObject({ loanId, status, action: 'approve', allowedStatuses: ['PENDING_APPROVAL'] });
  });
});

describe('approving refused because of time or the asset', () => {
  it('approving a request whose period has already ended (409 LOAN_OUTSIDE_PERIOD)', async () => {
    const { loanId } = await seededLoan(tenant, 'PENDING_APPROVAL', { startDate: day(-5), endDate: day(-1) });
    await expectRefused(loanId, () => loanAction(tenant, manager, loanId, 'approve'), 409, 'LOAN_OUTSIDE_PERIOD');
  });

  it('approving a request whose asset went into maintenance: 409 ASSET_UNAVAILABLE', async () => {
    const { loanId, assetId } = await seededLoan(tenant, 'PENDING_APPROVAL');
    await ownerDb()`update assets set status = 'MAINTENANCE' where id = ${assetId}`;
    await expectRefused(loanId, () => loanAction(tenant, manager, loanId, 'approve'), 409, 'ASSET_UNAVAILABLE');
  });
});

describe('approving refused because of who asks', () => {
  it('an employee cannot approve (403 FORBIDDEN)', async () => {
    const { loanId } = await seededLoan(tenant, 'PENDING_APPROVAL', { requesterId: (await createUser(tenant.id, 'EMPLOYEE')).id });
    const refused = await expectRefused(loanId, () => loanAction(tenant, employee, loanId, 'approve'), 403, 'FORBIDDEN');
    expect(refused.body.error.details).toEqual({ requiredRole: 'ASSET_MANAGER' });
  });

  it('nobody approves their own request, not even an admin (403 own_request)', async () => {
    for (const [user, token] of [[tenant.manager, manager], [tenant.admin, admin]] as const) {
      const [assetId] = await insertAssets(tenant, [{}]);
      const filed = await requestLoan(tenant, token, { assetId: assetId! });
      expect(filed.status).toBe(201);
      const refused = await expectRefused(filed.body.id, () => loanAction(tenant, token, filed.body.id, 'approve'), 403, 'FORBIDDEN');
      expect(refused.body.error.details).toEqual({ reason: 'own_request' });
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
