import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser, insertAssets, ownerDb, type TestTenant } from '../../../support/factories';
import { expectRefused, loanAction, printLabel, requestLoan, seededLoan, storedAssetStatus } from './loan-helpers';

// POST /api/v1/loans/{id}/return (lib/lending/loans/return-loan.ts); a return with the label's QR code is part of
// loan-lifecycle.test.ts.
let tenant: TestTenant;
let employee: string;
let otherEmployee: string;
let manager: string;

beforeAll(async () => {
  tenant = await createTenant();
  const other = await createUser(tenant.id, 'EMPLOYEE');
  [employee, otherEmployee, manager] = await Promise.all([tenant.employee.token(), other.token(), tenant.manager.token()]);
});

describe('returning a loan', () => {
  it('a manager picks up and checks in without the QR scan', async () => {
    const [assetId] = await insertAssets(tenant, [{}]);
    const filed = await requestLoan(tenant, employee, { assetId: assetId! });
    expect((await loanAction(tenant, manager, filed.body.id, 'approve')).status).toBe(200);
    expect((await loanAction(tenant, manager, filed.body.id, 'pickup')).status).toBe(200);
    expect(await storedAssetStatus(assetId!)).toBe('LOANED');
    const returned = await loanAction(tenant, manager, filed.body.id, 'return');
    expect(returned.status).toBe(200);
    expect(returned.body.status).toBe('RETURNED');
    expect(await storedAssetStatus(assetId!)).toBe('AVAILABLE');
    const [entry] = await ownerDb()`select actor_user_id, metadata from audit_log where target_id = ${filed.body.id} and action = 'LOAN_RETURNED'`;
    expect(entry).toMatchObject({ actor_user_id: tenant.manager.id, metadata: { viaQrCode: false } });
  });
});

describe('returning refused because of the loan state (409 LOAN_INVALID_STATE)', () => {
  it('returning a pending request, with the label or (a manager) without', async () => {
    const { loanId, assetId } = await seededLoan(tenant, 'PENDING_APPROVAL');
    const label = await printLabel(tenant, manager, assetId);
    await expectRefused(loanId, () => loanAction(tenant, employee, loanId, 'return', { qrCodeToken: label }), 409, 'LOAN_INVALID_STATE');
    await expectRefused(loanId, () => loanAction(tenant, manager, loanId, 'return'), 409, 'LOAN_INVALID_STATE');
    expect(await storedAssetStatus(assetId)).toBe('AVAILABLE');
  });

  it('returning twice', async () => {
    const { loanId, assetId } = await seededLoan(tenant, 'ACTIVE');
    expect((await loanAction(tenant, manager, loanId, 'return')).status).toBe(200);
    await expectRefused(loanId, () => loanAction(tenant, manager, loanId, 'return'), 409, 'LOAN_INVALID_STATE');
    expect(await storedAssetStatus(assetId)).toBe('AVAILABLE');
  });
});

describe('returning refused because of the QR code or who asks', () => {
  it('returning without a scan (403 qr_code_required) or with another asset’s code (409 QR_CODE_MISMATCH)', async () => {
    const { loanId, assetId } = await seededLoan(tenant, 'ACTIVE');
    const [otherAsset] = await insertAssets(tenant, [{}]);
    const otherLabel = await printLabel(tenant, manager, otherAsset!);
    const unscanned = await expectRefused(loanId, () => loanAction(tenant, employee, loanId, 'return'), 403, 'FORBIDDEN');
    expect(unscanned.body.error.details).toEqual({ reason: 'qr_code_required' });
    await expectRefused(loanId, () => loanAction(tenant, employee, loanId, 'return', { qrCodeToken: otherLabel }), 409, 'QR_CODE_MISMATCH');
    await expectRefused(loanId, () => loanAction(tenant, manager, loanId, 'return', { qrCodeToken: 'not-the-code' }), 409, 'QR_CODE_MISMATCH');
    expect(await storedAssetStatus(assetId)).toBe('LOANED');
  });

  it('another employee cannot return the loan (404 LOAN_NOT_FOUND)', async () => {
    const { loanId } = await seededLoan(tenant, 'APPROVED');
    await expectRefused(loanId, () => loanAction(tenant, otherEmployee, loanId, 'return', { qrCodeToken: 'x' }), 404, 'LOAN_NOT_FOUND');
  });
});
