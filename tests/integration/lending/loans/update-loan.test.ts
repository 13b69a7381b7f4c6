import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser, type TestTenant } from '../../../support/factories';
import { editLoan, expectRefused, seededLoan } from './loan-helpers';

// PATCH /api/v1/loans/{id} (lib/lending/loans/update-loan.ts); an accepted edit is part of loan-lifecycle.test.ts,
// an edit into booked days of create-loan.test.ts.
let tenant: TestTenant;
let employee: string;
let otherEmployee: string;
let manager: string;

beforeAll(async () => {
  tenant = await createTenant();
  const other = await createUser(tenant.id, 'EMPLOYEE');
  [employee, otherEmployee, manager] = await Promise.all([tenant.employee.token(), other.token(), tenant.manager.token()]);
});

describe('editing refused', () => {
  it('editing after approval (409 LOAN_INVALID_STATE)', async () => {
    const { loanId } = await seededLoan(tenant, 'APPROVED');
    await expectRefused(loanId, editLoan(tenant, loanId, employee, { purpose: 'Changed my mind' }), 409, 'LOAN_INVALID_STATE');
  });

  it('another employee cannot edit the request (404 LOAN_NOT_FOUND)', async () => {
    const { loanId } = await seededLoan(tenant, 'PENDING_APPROVAL');
    await expectRefused(loanId, editLoan(tenant, loanId, otherEmployee, { purpose: 'Mine now' }), 404, 'LOAN_NOT_FOUND');
  });

  it('a manager cannot edit somebody else’s request (403 not_requester)', async () => {
    const { loanId } = await seededLoan(tenant, 'PENDING_APPROVAL');
    const edited = await expectRefused(loanId, editLoan(tenant, loanId, manager, { purpose: 'Overruled' }), 403, 'FORBIDDEN');
    expect(edited.body.error.details).toEqual({ reason: 'not_requester' });
  });
});
