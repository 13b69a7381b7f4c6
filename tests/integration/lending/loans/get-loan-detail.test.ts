import { beforeAll, describe, it } from 'vitest';
import { call } from '../../../support/api';
import { createTenant, createUser, type TestTenant } from '../../../support/factories';
import { expectRefused, seededLoan } from './loan-helpers';

// GET /api/v1/loans/{id} (lib/lending/loans/get-loan-detail.ts); the loan as its requester reads it is part of
// loan-lifecycle.test.ts, another tenant's loans of cross-tenant.test.ts.
let tenant: TestTenant;
let otherEmployee: string;

beforeAll(async () => {
  tenant = await createTenant();
  otherEmployee = await (await createUser(tenant.id, 'EMPLOYEE')).token();
});

describe('reading a loan', () => {
  it('another employee cannot see the request (404 LOAN_NOT_FOUND)', async () => {
    const { loanId } = await seededLoan(tenant, 'PENDING_APPROVAL');
    await expectRefused(loanId, () => call('GET', `/api/v1/loans/${loanId}`, { tenant: tenant.slug, token: otherEmployee }), 404, 'LOAN_NOT_FOUND');
  });
});
