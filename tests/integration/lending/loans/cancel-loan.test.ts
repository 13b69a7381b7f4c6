import { beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope } from '../../../support/api';
import { createTenant, createUser, insertAssets, ownerDb, type TestTenant } from '../../../support/factories';
import { expectRefused, loanAction, requestLoan, seededLoan, storedAuditActions, storedLoan } from './loan-helpers';

// POST /api/v1/loans/{id}/cancel (lib/lending/loans/cancel-loan.ts).
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

async function cancellationOf(loanId: string) {
  const [row] = await ownerDb()`select status, cancellation_reason, cancelled_at from loans where id = ${loanId}`;
  return row!;
}

async function toldTo(loanId: string) {
  const inApp = await ownerDb()`select user_id, kind, title, body from notifications where loan_id = ${loanId}`;
  const mail = await ownerDb()`select payload from outbox where idempotency_key = ${`loan-cancelled:${loanId}`}`;
  return { inApp, mail: mail.map((m) => m.payload) };
}

describe('the requester cancels', () => {
  it('a pending request', async () => {
    const [assetId] = await insertAssets(tenant, [{}]);
    const filed = await requestLoan(tenant, employee, { assetId: assetId! });
    const cancelled = await loanAction(tenant, employee, filed.body.id, 'cancel');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'CANCELLED', cancellationReason: null });
    expect(cancelled.body.cancelledAt).toEqual(expect.any(String));
    expect((await storedLoan(filed.body.id)).status).toBe('CANCELLED');
    expect(await storedAuditActions(assetId!)).toEqual(['LOAN_REQUESTED', 'LOAN_CANCELLED']);
  });

  it('an approved booking before pickup, without a reason; nobody is notified', async () => {
    const { loanId, assetId } = await seededLoan(tenant, 'APPROVED');
    const cancelled = await loanAction(tenant, employee, loanId, 'cancel');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ id: loanId, status: 'CANCELLED', cancellationReason: null });
    expect(await cancellationOf(loanId)).toMatchObject({ status: 'CANCELLED', cancellation_reason: null, cancelled_at: expect.any(Date) });
    expect(await storedAuditActions(assetId)).toEqual(['LOAN_CANCELLED']);
    expect(await toldTo(loanId)).toEqual({ inApp: [], mail: [] });
  });

  it('with a reason it is kept', async () => {
    const { loanId } = await seededLoan(tenant, 'APPROVED');
    const cancelled = await loanAction(tenant, employee, loanId, 'cancel', { reason: 'Match moved to Sunday' });
    expect(cancelled.body).toMatchObject({ status: 'CANCELLED', cancellationReason: 'Match moved to Sunday' });
  });

  it('not once the asset is picked up (409 LOAN_INVALID_STATE)', async () => {
    const { loanId } = await seededLoan(tenant, 'ACTIVE');
    const refused = await expectRefused(loanId, () => loanAction(tenant, employee, loanId, 'cancel'), 409, 'LOAN_INVALID_STATE');
    expect(refused.body.error.message).toBe('The asset has been picked up, so it cannot be cancelled.');
  });
});

describe('a manager cancels somebody else’s approved booking', () => {
  it('needs a reason (400 at reason), then cancels it and tells the borrower in the app and by e-mail', async () => {
    const { loanId, assetId } = await seededLoan(tenant, 'APPROVED');
    const refused = await expectRefused(loanId, () => loanAction(tenant, manager, loanId, 'cancel'), 400, 'VALIDATION_ERROR');
    expect(refused.body.error.details.issues).toEqual([expect.objectContaining({ path: 'reason', code: 'required' })]);
    await expectRefused(loanId, () => loanAction(tenant, manager, loanId, 'cancel', { reason: '   ' }), 400, 'VALIDATION_ERROR');

    const cancelled = await loanAction(tenant, manager, loanId, 'cancel', { reason: 'The boat failed its safety check' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'CANCELLED', cancellationReason: 'The boat failed its safety check' });
    expect(await cancellationOf(loanId)).toMatchObject({ status: 'CANCELLED', cancellation_reason: 'The boat failed its safety check' });
    const told = await toldTo(loanId);
    expect(told.inApp).toEqual([expect.objectContaining({ user_id: tenant.employee.id, kind: 'LOAN_CANCELLED', title: expect.stringMatching(/^Booking cancelled: /) })]);
    expect(told.inApp[0]!.body).toContain('The boat failed its safety check');
    expect(told.mail).toEqual([expect.objectContaining({ template: 'loan-cancelled', data: expect.objectContaining({ loanId, reason: 'The boat failed its safety check' }) })]);
    const [audit] = await ownerDb()`select action, actor_user_id, metadata from audit_log where asset_id = ${assetId}`;
    expect(audit).toEqual({ action: 'LOAN_CANCELLED', actor_user_id: tenant.manager.id, metadata: { reason: 'The boat failed its safety check', byManager: true } });
  });

  it('an admin may too', async () => {
    const { loanId } = await seededLoan(tenant, 'APPROVED');
    const cancelled = await loanAction(tenant, admin, loanId, 'cancel', { reason: 'Needed for the county final' });
    expect(cancelled.body).toMatchObject({ status: 'CANCELLED', cancellationReason: 'Needed for the county final' });
  });

  it('a reason over 1,000 characters is refused', async () => {
    const { loanId } = await seededLoan(tenant, 'APPROVED');
    expectEnvelope(await loanAction(tenant, manager, loanId, 'cancel', { reason: 'x'.repeat(1001) }), 400, 'VALIDATION_ERROR');
    expect((await storedLoan(loanId)).status).toBe('APPROVED');
  });
});

describe('cancelling refused because of who asks', () => {
  it('another employee cannot cancel the request or the booking (404 LOAN_NOT_FOUND)', async () => {
    const pending = await seededLoan(tenant, 'PENDING_APPROVAL');
    await expectRefused(pending.loanId, () => loanAction(tenant, otherEmployee, pending.loanId, 'cancel'), 404, 'LOAN_NOT_FOUND');
    const approved = await seededLoan(tenant, 'APPROVED');
    await expectRefused(approved.loanId, () => loanAction(tenant, otherEmployee, approved.loanId, 'cancel', { reason: 'Mine now' }), 404, 'LOAN_NOT_FOUND');
  });

  it('a manager cannot cancel somebody else’s pending request: it is rejected instead (403 FORBIDDEN)', async () => {
    const { loanId } = await seededLoan(tenant, 'PENDING_APPROVAL');
    await expectRefused(loanId, () => loanAction(tenant, manager, loanId, 'cancel', { reason: 'No' }), 403, 'FORBIDDEN');
  });
});
