import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser, insertAssets, type TestTenant } from '../../../support/factories';
import { expectRefused, loanAction, requestLoan, seededLoan, storedAuditActions, storedLoan } from './loan-helpers';

// POST /api/v1/loans/{id}/cancel (lib/lending/loans/cancel-loan.ts).
let tenant: TestTenant;
let employee: string;
let otherEmployee: string;
let manager: string;

beforeAll(async () => {
  tenant = await createTenant();
  const other = await createUser(tenant.id, 'EMPLOYEE');
  [employee, otherEmployee, manager] = await Promise.all([tenant.employee.token(), other.token(), tenant.manager.token()]);
});

describe('cancelling a request', () => {
  it('cancels a pending request by its requester', async () => {
    const [assetId] = await insertAssets(tenant, [{}]);
    const filed = await requestLoan(tenant, employee, { assetId: assetId! });
    const cancelled = await loanAction(tenant, employee, filed.body.id, 'cancel');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'CANCELLED' });
    expect(cancelled.body.cancelledAt).toEqual(expect.any(String));
    expect((await storedLoan(filed.body.id)).status).toBe('CANCELLED');
    expect(await storedAuditActions(assetId!)).toEqual(['LOAN_REQUESTED', 'LOAN_CANCELLED']);
  });

  it('cancelling after approval (409 LOAN_INVALID_STATE)', async () => {
    const { loanId } = await seededLoan(tenant, 'APPROVED');
    await expectRefused(loanId, () => loanAction(tenant, employee, loanId, 'cancel'), 409, 'LOAN_INVALID_STATE');
  });
});

describe('cancelling refused because of who asks', () => {
  it('another employee cannot cancel the request (404 LOAN_NOT_FOUND)', async () => {
    const { loanId } = await seededLoan(tenant, 'PENDING_APPROVAL');
    await expectRefused(loanId, () => loanAction(tenant, otherEmployee, loanId, 'cancel'), 404, 'LOAN_NOT_FOUND');
  });

  it('a manager cannot cancel somebody else’s request (403 FORBIDDEN)', async () => {
    const { loanId } = await seededLoan(tenant, 'PENDING_APPROVAL');
    await expectRefused(loanId, () => loanAction(tenant, manager, loanId, 'cancel'), 403, 'FORBIDDEN');
  });
});
