import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser, ownerDb, type TestTenant } from '../../../support/factories';
import { day, expectRefused, loanAction, seededLoan, storedAssetStatus } from './loan-helpers';

// POST /api/v1/loans/{id}/pickup (lib/lending/loans/pick-up-loan.ts); a pick-up by its borrower is part of
// loan-lifecycle.test.ts, one by a manager of return-loan.test.ts.
let tenant: TestTenant;
let employee: string;
let otherEmployee: string;
let manager: string;

beforeAll(async () => {
  tenant = await createTenant();
  const other = await createUser(tenant.id, 'EMPLOYEE');
  [employee, otherEmployee, manager] = await Promise.all([tenant.employee.token(), other.token(), tenant.manager.token()]);
});

describe('picking up refused because of the loan state (409 LOAN_INVALID_STATE)', () => {
  it('picking up a pending request', async () => {
    const { loanId, assetId } = await seededLoan(tenant, 'PENDING_APPROVAL');
    await expectRefused(loanId, () => loanAction(tenant, employee, loanId, 'pickup'), 409, 'LOAN_INVALID_STATE');
    expect(await storedAssetStatus(assetId)).toBe('AVAILABLE');
  });

  it('picking up twice', async () => {
    const { loanId, assetId } = await seededLoan(tenant, 'APPROVED');
    expect((await loanAction(tenant, employee, loanId, 'pickup')).status).toBe(200);
    await expectRefused(loanId, () => loanAction(tenant, employee, loanId, 'pickup'), 409, 'LOAN_INVALID_STATE');
    expect(await storedAssetStatus(assetId)).toBe('LOANED');
  });
});

describe('hand-over refusals', () => {
  it('picking up before the booked period: 409 LOAN_OUTSIDE_PERIOD', async () => {
    const { loanId, assetId } = await seededLoan(tenant, 'APPROVED', { startDate: day(1), endDate: day(3) });
    const refused = await expectRefused(loanId, () => loanAction(tenant, employee, loanId, 'pickup'), 409, 'LOAN_OUTSIDE_PERIOD');
    expect(refused.body.error.details).toMatchObject({ loanId, startDate: day(1), endDate: day(3), today: day(0) });
    expect(await storedAssetStatus(assetId)).toBe('AVAILABLE');
  });

  it('picking up an asset that is still out or in maintenance: 409 ASSET_UNAVAILABLE', async () => {
    const { loanId, assetId } = await seededLoan(tenant, 'APPROVED');
    await ownerDb()`update assets set status = 'MAINTENANCE' where id = ${assetId}`;
    const refused = await expectRefused(loanId, () => loanAction(tenant, manager, loanId, 'pickup'), 409, 'ASSET_UNAVAILABLE');
    expect(refused.body.error.details).toMatchObject({ assetId, assetStatus: 'MAINTENANCE' });
    expect(await storedAssetStatus(assetId)).toBe('MAINTENANCE');
  });
});

describe('picking up refused because of who asks', () => {
  it('another employee cannot pick up the loan (404 LOAN_NOT_FOUND)', async () => {
    const { loanId } = await seededLoan(tenant, 'APPROVED');
    await expectRefused(loanId, () => loanAction(tenant, otherEmployee, loanId, 'pickup'), 404, 'LOAN_NOT_FOUND');
  });
});
