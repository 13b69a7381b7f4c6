import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser, insertAssets, type TestTenant } from '../../../support/factories';
import { expectRefused, loanAction, requestLoan, seededLoan, storedAssetStatus, storedAuditActions, storedLoan } from './loan-helpers';

// POST /api/v1/loans/{id}/reject (lib/lending/loans/reject-loan.ts); the rejection of an extension is in
// extend-loan.test.ts, the designated approver's rule in approve-loan.test.ts.
let tenant: TestTenant;
let employee: string;
let manager: string;
let admin: string;

beforeAll(async () => {
  tenant = await createTenant();
  [employee, manager, admin] = await Promise.all([tenant.employee.token(), tenant.manager.token(), tenant.admin.token()]);
});

describe('rejecting a request', () => {
  it('rejects a request: REJECTED with the reason, asset untouched', async () => {
    const [assetId] = await insertAssets(tenant, [{}]);
    const filed = await requestLoan(tenant, employee, { assetId: assetId! });
    const rejected = await loanAction(tenant, manager, filed.body.id, 'reject', { reason: 'Needed for the audit' });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ status: 'REJECTED', rejectionReason: 'Needed for the audit', decidedById: tenant.manager.id });
    expect(await storedLoan(filed.body.id)).toMatchObject({ status: 'REJECTED', rejection_reason: 'Needed for the audit' });
    expect(await storedAssetStatus(assetId!)).toBe('AVAILABLE');
    expect(await storedAuditActions(assetId!)).toEqual(['LOAN_REQUESTED', 'LOAN_REJECTED']);
  });

  it('rejecting an approved loan that has no pending extension (409 LOAN_INVALID_STATE)', async () => {
    const { loanId } = await seededLoan(tenant, 'APPROVED');
    await expectRefused(loanId, () => loanAction(tenant, manager, loanId, 'reject', { reason: 'Too late' }), 409, 'LOAN_INVALID_STATE');
  });
});

describe('rejecting refused because of who asks', () => {
  it('an employee cannot reject (403 FORBIDDEN)', async () => {
    const { loanId } = await seededLoan(tenant, 'PENDING_APPROVAL', { requesterId: (await createUser(tenant.id, 'EMPLOYEE')).id });
    await expectRefused(loanId, () => loanAction(tenant, employee, loanId, 'reject', { reason: 'No' }), 403, 'FORBIDDEN');
  });

  it('nobody rejects their own request, not even an admin (403 own_request)', async () => {
    for (const [user, token] of [[tenant.manager, manager], [tenant.admin, admin]] as const) {
      const [assetId] = await insertAssets(tenant, [{}]);
      const filed = await requestLoan(tenant, token, { assetId: assetId! });
      expect(filed.status).toBe(201);
      await expectRefused(filed.body.id, () => loanAction(tenant, token, filed.body.id, 'reject', { reason: 'Self' }), 403, 'FORBIDDEN');
      expect(filed.body.requesterId).toBe(user.id);
    }
  });
});
