import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '@/db/schema';
import { formatDate } from '@/lib/platform/format/dates';
import { listApprovalQueue } from '@/lib/transport/dashboard/list-approval-queue';
import { sendLoanReminders } from '@/lib/lending/jobs/send-loan-reminders';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';
import { call, expectEnvelope } from '../../../support/api';
import { createTenant, createUser, insertAssets, ownerDb, type TestTenant } from '../../../support/factories';
import { jobDb, testClock } from '../../../support/job-db';
import { day, expectRefused, insertLoan, loanAction, seededLoan, setPolicy, snapshotLoan, storedAssetStatus, storedLoan } from './loan-helpers';

// POST /api/v1/loans/{id}/extend (lib/lending/loans/extend-loan.ts), and the decision on an extension request.
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

  it('past maxLoanDays the message names the latest return date allowed, a date after the current one', async () => {
    const { loanId } = await activeLoan(ctx.tenant, day(-3), day(2));
    const tooLong = await loanAction(ctx.tenant, ctx.employee, loanId, 'extend', { endDate: day(20) });
    expectEnvelope(tooLong, 400, 'VALIDATION_ERROR');
    // Ten days from day -3 end on day 6.
    expect(tooLong.body.error.details.issues).toEqual([
      { path: 'endDate', code: 'too_long', message: `A loan may last at most 10 days: choose a return date no later than ${formatDate(day(6))}.` },
    ]);
    expect(tooLong.body.error.details.latestEndDate).toBe(day(6));
    expect((await loanAction(ctx.tenant, ctx.employee, loanId, 'extend', { endDate: day(6) })).status).toBe(200);
  });

  it('a loan that already lasts the longest the policy allows says no extension is possible, naming no earlier date', async () => {
    // Booked under a longer limit: day -5 to day 6 is 12 days.
    const { loanId } = await activeLoan(ctx.tenant, day(-5), day(6));
    const before = await snapshotLoan(loanId);
    const refused = await loanAction(ctx.tenant, ctx.employee, loanId, 'extend', { endDate: day(8) });
    expectEnvelope(refused, 400, 'VALIDATION_ERROR');
    expect(refused.body.error.details.issues).toEqual([
      { path: 'endDate', code: 'too_long', message: `This loan already lasts as long as your organisation allows (10 days), so it cannot be extended. Return it by ${formatDate(day(6))}.` },
    ]);
    expect(refused.body.error.details.latestEndDate).toBeNull();
    expect(await snapshotLoan(loanId)).toEqual(before);
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

describe('extensions reach the approver, and the decision reaches the borrower', () => {
  let ctx: { tenant: TestTenant; employee: string; manager: string };
  beforeAll(async () => {
    ctx = await tenantWith('REQUIRES_APPROVAL');
  });

  const emailOf = async (userId: string) => (await ownerDb()`select email from users where id = ${userId}`)[0]!.email as string;
  const outboxOf = (loanId: string) => ownerDb()`select idempotency_key, payload from outbox where payload->'data'->>'loanId' = ${loanId} order by created_at, id`;
  const notificationsOf = (loanId: string) => ownerDb()`select user_id, kind, title, body from notifications where loan_id = ${loanId} order by created_at, id`;
  const queueOf = (userId: string, role: 'ASSET_MANAGER' | 'ADMIN') =>
    withTenant(jobDb(), ctx.tenant.id, async (tx) => {
      const [user] = await tx.select({ personId: users.personId }).from(users).where(eq(users.id, userId));
      const organisation = { id: ctx.tenant.id, slug: ctx.tenant.slug, name: 'Tenant', planTier: 'ENTERPRISE' as const, customRateLimits: null, customDomain: null };
      return listApprovalQueue(tx, { organisationId: ctx.tenant.id, organisation, user: { id: userId, personId: user!.personId, role, duties: [] }, requestId: 'test', now: new Date(), afterCommit: () => {} });
    });

  it('a request e-mails the approver, notifies them in the app and waits in their approval queue', async () => {
    const { loanId } = await activeLoan(ctx.tenant, day(0), day(3));
    expect(await outboxOf(loanId)).toHaveLength(0);
    expect((await loanAction(ctx.tenant, ctx.employee, loanId, 'extend', { endDate: day(7) })).status).toBe(200);

    const [email, ...moreEmails] = await outboxOf(loanId);
    expect(moreEmails).toHaveLength(0);
    expect(email!.idempotency_key).toMatch(new RegExp(`^loan-extension-requested:${loanId}:.+:${ctx.tenant.manager.id}$`));
    expect(email!.payload).toEqual({
      template: 'loan-extension-requested',
      to: await emailOf(ctx.tenant.manager.id),
      data: { loanId, assetName: expect.any(String), assetInventoryNumber: expect.any(String), requesterName: 'Test EMPLOYEE', currentEndDate: day(3), requestedEndDate: day(7), approverName: 'Test ASSET_MANAGER' },
    });
    expect(await notificationsOf(loanId)).toEqual([
      { user_id: ctx.tenant.manager.id, kind: 'LOAN_EXTENSION_REQUESTED', title: expect.stringContaining('Extension request'), body: expect.stringContaining(`until ${formatDate(day(7))} instead of ${formatDate(day(3))}`) },
    ]);
    const queued = (await queueOf(ctx.tenant.manager.id, 'ASSET_MANAGER')).find((entry) => entry.id === loanId);
    expect(queued).toMatchObject({ kind: 'extension', endDate: day(3), requestedEndDate: day(7), requesterName: 'Test EMPLOYEE' });
    const awaiting = await call('GET', '/api/v1/loans?awaitingDecision=true', { tenant: ctx.tenant.slug, token: ctx.manager });
    expect(awaiting.body.data.map((loan: { id: string }) => loan.id)).toContain(loanId);
  });

  it('a designated approver alone is told; the requester never sees the queue entry', async () => {
    const { loanId } = await activeLoan(ctx.tenant, day(0), day(3));
    await ownerDb()`update loans set approver_id = ${ctx.tenant.admin.id} where id = ${loanId}`;
    expect((await loanAction(ctx.tenant, ctx.employee, loanId, 'extend', { endDate: day(5) })).status).toBe(200);
    expect((await outboxOf(loanId)).map((row) => row.payload.to)).toEqual([await emailOf(ctx.tenant.admin.id)]);
    expect((await notificationsOf(loanId)).map((row) => row.user_id)).toEqual([ctx.tenant.admin.id]);
    expect((await queueOf(ctx.tenant.manager.id, 'ASSET_MANAGER')).map((entry) => entry.id)).not.toContain(loanId);
    expect((await queueOf(ctx.tenant.admin.id, 'ADMIN')).map((entry) => entry.id)).toContain(loanId);
  });

  it('an approval moves the end date, tells the borrower, and the reminder follows the new end date', async () => {
    const [assetId] = await insertAssets(ctx.tenant, [{ status: 'LOANED' }]);
    const loanId = await insertLoan(ctx.tenant, { assetId: assetId!, requesterId: ctx.tenant.employee.id, status: 'ACTIVE', startDate: '1977-05-01', endDate: '1977-05-10' });
    // Reminded (and marked overdue) for the old end date already.
    await ownerDb()`update loans set reminder_sent_at = '1977-05-07T08:00:00Z', overdue_notified_at = '1977-05-11T08:00:00Z' where id = ${loanId}`;
    expect((await loanAction(ctx.tenant, ctx.employee, loanId, 'extend', { endDate: '1977-05-20' })).status).toBe(200);
    const approved = await loanAction(ctx.tenant, ctx.manager, loanId, 'approve');
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ endDate: '1977-05-20', extensionRequestedEndDate: null });
    const [stored] = await ownerDb()`select end_date::text, reminder_sent_at, overdue_notified_at from loans where id = ${loanId}`;
    expect(stored).toEqual({ end_date: '1977-05-20', reminder_sent_at: null, overdue_notified_at: null });

    const decision = (await outboxOf(loanId)).filter((row) => row.payload.template === 'loan-extension-approved');
    expect(decision).toHaveLength(1);
    expect(decision[0]!.payload).toEqual({
      template: 'loan-extension-approved',
      to: await emailOf(ctx.tenant.employee.id),
      data: { loanId, assetName: expect.any(String), previousEndDate: '1977-05-10', endDate: '1977-05-20', approverName: 'Test ASSET_MANAGER' },
    });
    expect((await notificationsOf(loanId)).filter((row) => row.user_id === ctx.tenant.employee.id)).toEqual([
      { user_id: ctx.tenant.employee.id, kind: 'LOAN_EXTENSION_APPROVED', title: expect.stringContaining('Extension approved'), body: expect.stringContaining('20 May 1977') },
    ]);

    const clock = testClock('1977-05-16T08:00:00Z');
    await sendLoanReminders({ db: jobDb(), now: clock.now });
    expect((await outboxOf(loanId)).filter((row) => row.payload.template === 'loan-reminder')).toHaveLength(0);
    clock.set('1977-05-17T08:00:00Z');
    await sendLoanReminders({ db: jobDb(), now: clock.now });
    const reminders = (await outboxOf(loanId)).filter((row) => row.payload.template === 'loan-reminder');
    expect(reminders.map((row) => [row.idempotency_key, row.payload.data.endDate, row.payload.data.daysLeft])).toEqual([[`loan-reminder:${loanId}:1977-05-20`, '1977-05-20', 3]]);
    expect((await notificationsOf(loanId)).filter((row) => row.kind === 'LOAN_REMINDER')).toHaveLength(1);
    // Checked in at the desk, so the overdue job of other files' eras never finds this 1977 loan still out.
    expect((await loanAction(ctx.tenant, ctx.manager, loanId, 'return', {})).status).toBe(200);
  });

  it('a rejection tells the borrower why, by e-mail and in the app', async () => {
    const { loanId } = await activeLoan(ctx.tenant, day(0), day(3));
    expect((await loanAction(ctx.tenant, ctx.employee, loanId, 'extend', { endDate: day(6) })).status).toBe(200);
    expect((await loanAction(ctx.tenant, ctx.manager, loanId, 'reject', { reason: 'Booked for the trade fair' })).status).toBe(200);
    const decision = (await outboxOf(loanId)).filter((row) => row.payload.template === 'loan-extension-rejected');
    expect(decision.map((row) => row.payload)).toEqual([
      { template: 'loan-extension-rejected', to: await emailOf(ctx.tenant.employee.id), data: { loanId, assetName: expect.any(String), endDate: day(3), requestedEndDate: day(6), reason: 'Booked for the trade fair' } },
    ]);
    const told = (await notificationsOf(loanId)).filter((row) => row.user_id === ctx.tenant.employee.id);
    expect(told).toEqual([{ user_id: ctx.tenant.employee.id, kind: 'LOAN_EXTENSION_REJECTED', title: expect.stringContaining('Extension declined'), body: expect.stringContaining('Booked for the trade fair') }]);
    expect((await queueOf(ctx.tenant.manager.id, 'ASSET_MANAGER')).map((entry) => entry.id)).not.toContain(loanId);
  });
});

describe('extending refused because of the loan state or who asks', () => {
  let tenant: TestTenant;
  let employee: string;
  let otherEmployee: string;

  beforeAll(async () => {
    tenant = await createTenant();
    const other = await createUser(tenant.id, 'EMPLOYEE');
    [employee, otherEmployee] = await Promise.all([tenant.employee.token(), other.token()]);
  });

  it('extending a pending request (409 LOAN_INVALID_STATE)', async () => {
    const { loanId, assetId } = await seededLoan(tenant, 'PENDING_APPROVAL');
    await expectRefused(loanId, () => loanAction(tenant, employee, loanId, 'extend', { endDate: day(9) }), 409, 'LOAN_INVALID_STATE');
    expect(await storedAssetStatus(assetId)).toBe('AVAILABLE');
  });

  it('another employee cannot extend the loan (404 LOAN_NOT_FOUND)', async () => {
    const { loanId } = await seededLoan(tenant, 'APPROVED');
    await expectRefused(loanId, () => loanAction(tenant, otherEmployee, loanId, 'extend', { endDate: day(9) }), 404, 'LOAN_NOT_FOUND');
  });
});
