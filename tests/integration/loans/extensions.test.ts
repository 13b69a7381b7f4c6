import { beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope } from '../../support/api';
import { createTenant, createUser, insertAssets, ownerDb, type TestTenant } from '../../support/factories';
import { day, insertLoan, loanAction, setPolicy, snapshotLoan, storedLoan } from './loan-helpers';

type Mode = 'NOT_ALLOWED' | 'AUTOMATIC' | 'REQUIRES_APPROVAL';

async function tenantWith(extensions: Mode, extra: Record<string, unknown> = {}): Promise<{ tenant: TestTenant; employee: string; manager: string }> {
  const tenant = await createTenant();
  await setPolicy(tenant, { extensions, ...extra });
  return { tenant, employee: await tenant.employee.token(), manager: await tenant.manager.token() };
}

async function activeLoan(tenant: TestTenant, startDate = day(0), endDate = day(2), status = 'ACTIVE'): Promise<{ loanId: string; assetId: string }> {
  const [assetId] = await insertAssets(tenant, [{ status: status === 'ACTIVE' ? 'LOANED' : 'AVAILABLE' }]);
  const loanId = await insertLoan(tenant, { assetId: assetId!, requesterId: tenant.employee.id, status, startDate, endDate });
  return { loanId, assetId: assetId! };
}

async function auditOf(loanId: string) {
  return ownerDb()`select action, actor_user_id, changes, metadata from audit_log where target_id = ${loanId} order by id`;
}

describe('extensions: NOT_ALLOWED', () => {
  it('an employee is refused with 409 EXTENSION_NOT_ALLOWED; a manager extends at once', async () => {
    const { tenant, employee, manager } = await tenantWith('NOT_ALLOWED');
    const { loanId } = await activeLoan(tenant);
    const before = await snapshotLoan(loanId);
    const refused = await loanAction(tenant, employee, loanId, 'extend', { endDate: day(4) });
    expectEnvelope(refused, 409, 'EXTENSION_NOT_ALLOWED');
    expect(refused.body.error.details).toEqual({ loanId });
    expect(await snapshotLoan(loanId)).toEqual(before);

    const byManager = await loanAction(tenant, manager, loanId, 'extend', { endDate: day(4) });
    expect(byManager.status).toBe(200);
    expect(byManager.body).toMatchObject({ status: 'ACTIVE', endDate: day(4), extensionRequestedEndDate: null });
    expect(await auditOf(loanId)).toEqual([{ action: 'LOAN_EXTENDED', actor_user_id: tenant.manager.id, changes: { endDate: { before: day(2), after: day(4) } }, metadata: {} }]);
  });
});

describe('extensions: AUTOMATIC', () => {
  let ctx: { tenant: TestTenant; employee: string; manager: string };
  beforeAll(async () => {
    ctx = await tenantWith('AUTOMATIC', { maxLoanDays: 10 });
  });

  it('the end date moves at once and LOAN_EXTENDED is written on the asset', async () => {
    const { loanId, assetId } = await activeLoan(ctx.tenant);
    const extended = await loanAction(ctx.tenant, ctx.employee, loanId, 'extend', { endDate: day(5) });
    expect(extended.status).toBe(200);
    expect(extended.body).toMatchObject({ status: 'ACTIVE', startDate: day(0), endDate: day(5), extensionRequestedEndDate: null });
    expect(await storedLoan(loanId)).toMatchObject({ status: 'ACTIVE', end_date: day(5), extension_requested_end_date: null });
    const [entry] = await ownerDb()`select action, asset_id, changes from audit_log where target_id = ${loanId}`;
    expect(entry).toEqual({ action: 'LOAN_EXTENDED', asset_id: assetId, changes: { endDate: { before: day(2), after: day(5) } } });
  });

  it('an overdue loan can still be extended (its start lies in the past)', async () => {
    const { loanId } = await activeLoan(ctx.tenant, day(-6), day(-1));
    const extended = await loanAction(ctx.tenant, ctx.employee, loanId, 'extend', { endDate: day(2) });
    expect(extended.status).toBe(200);
    expect(extended.body).toMatchObject({ endDate: day(2), overdue: false });
  });

  it('refuses an end date that is not later, a malformed one, or a loan longer than maxLoanDays (400)', async () => {
    const { loanId } = await activeLoan(ctx.tenant);
    const before = await snapshotLoan(loanId);
    const notLater = await loanAction(ctx.tenant, ctx.employee, loanId, 'extend', { endDate: day(2) });
    expectEnvelope(notLater, 400, 'VALIDATION_ERROR');
    expect(notLater.body.error.details.issues).toEqual([expect.objectContaining({ path: 'endDate', code: 'not_later' })]);
    expectEnvelope(await loanAction(ctx.tenant, ctx.employee, loanId, 'extend', { endDate: 'next week' }), 400, 'VALIDATION_ERROR');
    expectEnvelope(await loanAction(ctx.tenant, ctx.employee, loanId, 'extend', { endDate: day(5), reason: 'x' }), 400, 'VALIDATION_ERROR');
    // Day 0 to day 10 is 11 days; the policy allows 10.
    const tooLong = await loanAction(ctx.tenant, ctx.employee, loanId, 'extend', { endDate: day(10) });
    expectEnvelope(tooLong, 400, 'VALIDATION_ERROR');
    expect(tooLong.body.error.details.issues).toEqual([expect.objectContaining({ path: 'endDate', code: 'too_long' })]);
    expect(tooLong.body.error.details.policy).toEqual({ maxLoanDays: 10, maxAdvanceBookingDays: 90 });
    expect(await snapshotLoan(loanId)).toEqual(before);
    expect((await loanAction(ctx.tenant, ctx.employee, loanId, 'extend', { endDate: day(9) })).status).toBe(200);
  });

  it('an extension over an approved or active loan is 409 LOAN_CONFLICT; a pending request does not block', async () => {
    const { loanId, assetId } = await activeLoan(ctx.tenant);
    const other = await createUser(ctx.tenant.id, 'EMPLOYEE');
    await insertLoan(ctx.tenant, { assetId, requesterId: other.id, status: 'APPROVED', startDate: day(5), endDate: day(6) });
    await insertLoan(ctx.tenant, { assetId, requesterId: other.id, startDate: day(3), endDate: day(4) });
    const before = await snapshotLoan(loanId);
    const conflict = await loanAction(ctx.tenant, ctx.employee, loanId, 'extend', { endDate: day(5) });
    expectEnvelope(conflict, 409, 'LOAN_CONFLICT');
    expect(conflict.body.error.details).toEqual({ assetId, conflicts: [{ startDate: day(5), endDate: day(6), status: 'APPROVED' }] });
    expect(await snapshotLoan(loanId)).toEqual(before);
    const upToTheDayBefore = await loanAction(ctx.tenant, ctx.employee, loanId, 'extend', { endDate: day(4) });
    expect(upToTheDayBefore.status).toBe(200);
    expect(upToTheDayBefore.body.endDate).toBe(day(4));
  });
});

describe('extensions: REQUIRES_APPROVAL (the default)', () => {
  let ctx: { tenant: TestTenant; employee: string; manager: string };
  beforeAll(async () => {
    ctx = await tenantWith('REQUIRES_APPROVAL');
  });

  it('the request is recorded, then approved: LOAN_EXTENSION_REQUESTED, LOAN_EXTENDED', async () => {
    const { loanId } = await activeLoan(ctx.tenant, day(1), day(3), 'APPROVED');
    const requested = await loanAction(ctx.tenant, ctx.employee, loanId, 'extend', { endDate: day(6) });
    expect(requested.status).toBe(200);
    expect(requested.body).toMatchObject({ status: 'APPROVED', endDate: day(3), extensionRequestedEndDate: day(6) });
    expect(await storedLoan(loanId)).toMatchObject({ end_date: day(3), extension_requested_end_date: day(6) });

    const approved = await loanAction(ctx.tenant, ctx.manager, loanId, 'approve');
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'APPROVED', endDate: day(6), extensionRequestedEndDate: null, decidedById: ctx.tenant.manager.id });
    const audit = await auditOf(loanId);
    expect(audit.map((a) => a.action)).toEqual(['LOAN_EXTENSION_REQUESTED', 'LOAN_EXTENDED']);
    expect(audit[0]).toMatchObject({ actor_user_id: ctx.tenant.employee.id, changes: { extensionRequestedEndDate: { before: null, after: day(6) } } });
    expect(audit[1]).toMatchObject({ actor_user_id: ctx.tenant.manager.id, changes: { endDate: { before: day(3), after: day(6) } }, metadata: { approvedExtension: true } });
  });

  it('a rejected extension clears the request and keeps the loan as it was', async () => {
    const { loanId } = await activeLoan(ctx.tenant);
    expect((await loanAction(ctx.tenant, ctx.employee, loanId, 'extend', { endDate: day(4) })).status).toBe(200);
    const rejected = await loanAction(ctx.tenant, ctx.manager, loanId, 'reject', { reason: 'Needed elsewhere' });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ status: 'ACTIVE', endDate: day(2), extensionRequestedEndDate: null, rejectionReason: null });
    expect(await storedLoan(loanId)).toMatchObject({ status: 'ACTIVE', end_date: day(2), extension_requested_end_date: null });
    const audit = await auditOf(loanId);
    expect(audit.map((a) => a.action)).toEqual(['LOAN_EXTENSION_REQUESTED', 'LOAN_EXTENSION_REJECTED']);
    expect(audit[1]!.metadata).toEqual({ reason: 'Needed elsewhere' });
  });

  it('an employee cannot approve their own extension (403) and a conflicting request is refused up front (409)', async () => {
    const { loanId, assetId } = await activeLoan(ctx.tenant);
    expect((await loanAction(ctx.tenant, ctx.employee, loanId, 'extend', { endDate: day(4) })).status).toBe(200);
    expectEnvelope(await loanAction(ctx.tenant, ctx.employee, loanId, 'approve'), 403, 'FORBIDDEN');
    expect((await storedLoan(loanId)).end_date).toBe(day(2));

    const other = await createUser(ctx.tenant.id, 'EMPLOYEE');
    await insertLoan(ctx.tenant, { assetId, requesterId: other.id, status: 'APPROVED', startDate: day(8), endDate: day(9) });
    const before = await snapshotLoan(loanId);
    expectEnvelope(await loanAction(ctx.tenant, ctx.employee, loanId, 'extend', { endDate: day(8) }), 409, 'LOAN_CONFLICT');
    expect(await snapshotLoan(loanId)).toEqual(before);
  });

  it('approving an extension whose days were booked meanwhile is 409 LOAN_CONFLICT, and the request stays pending', async () => {
    const { loanId, assetId } = await activeLoan(ctx.tenant);
    expect((await loanAction(ctx.tenant, ctx.employee, loanId, 'extend', { endDate: day(5) })).status).toBe(200);
    const other = await createUser(ctx.tenant.id, 'EMPLOYEE');
    const rival = await insertLoan(ctx.tenant, { assetId, requesterId: other.id, startDate: day(4), endDate: day(6) });
    expect((await loanAction(ctx.tenant, ctx.manager, rival, 'approve')).status).toBe(200);

    const before = await snapshotLoan(loanId);
    const refused = await loanAction(ctx.tenant, ctx.manager, loanId, 'approve');
    expectEnvelope(refused, 409, 'LOAN_CONFLICT');
    expect(refused.body.error.details.conflicts).toEqual([{ startDate: day(4), endDate: day(6), status: 'APPROVED' }]);
    expect(await snapshotLoan(loanId)).toEqual(before);
    expect(before).toMatchObject({ end_date: day(2), extension_requested_end_date: day(5) });
  });
});
