import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deliverOutbox, type DeliverOutboxDeps } from '@/lib/transport/jobs/deliver-outbox';
import { markOverdueLoans } from '@/lib/lending/jobs/mark-overdue-loans';
import { sendLoanReminders } from '@/lib/lending/jobs/send-loan-reminders';
import { enqueueEmail, type EmailMessage } from '@/lib/platform/notifications/enqueue-email';
import { HELD_FOR_RESTRICTION, OUTBOX_HOLD_MS } from '@/lib/platform/notifications/hold-restricted-emails';
import { createMailer } from '@/lib/platform/notifications/mailer';
import { releaseHeldEmails, WITHDRAWN_STALE_NOTICE } from '@/lib/platform/notifications/release-held-emails';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';
import { call } from '../../../support/api';
import { createPerson, createTenant, createUser, insertAssets, ownerDb, type TestTenant, type TestUser } from '../../../support/factories';
import { insertLoan as insertJobLoan, jobDb, testClock } from '../../../support/job-db';
import { type MailSink, startMailSink } from '../../../support/mail-sink';
import { day, fanOutLoanRequests, insertLoan, loanAction, requestLoan, setPolicy } from '../../lending/loans/loan-helpers';

// Jobs work across tenants: the job tests here keep to 1961 and the outbox tests to the 1950s, where no other
// test's loans end or e-mails fall due; their loans are settled as told overdue at once, so the overdue job of
// other files' eras never finds them.
const db = jobDb();
const sql = ownerDb();

const personOf = async (userId: string) => (await sql`select person_id from users where id = ${userId}`)[0]!.person_id as string;
const setRestricted = async (userId: string, restricted: boolean) => {
  await sql`update persons set processing_restricted = ${restricted} where id = (select person_id from users where id = ${userId})`;
};
const emailOf = (user: TestUser) => `${user.subject}@example.test`;

/** What one user was told: outbox e-mails to their address and in-app notifications, as stored. */
async function toldTo(tenant: TestTenant, user: TestUser) {
  const emails = await sql`select payload ->> 'template' as template, status from outbox
    where organisation_id = ${tenant.id} and lower(payload ->> 'to') = ${emailOf(user).toLowerCase()} order by created_at, id`;
  const inApp = await sql`select kind from notifications where organisation_id = ${tenant.id} and user_id = ${user.id} order by created_at, id`;
  return { emails: emails.map((row) => row.template as string), inApp: inApp.map((row) => row.kind as string) };
}

async function settleOverdue(loanIds: string[]) {
  await sql`update loans set overdue_notified_at = '1961-01-01T00:00:00Z' where id in ${sql(loanIds)} and overdue_notified_at is null`;
}

describe('restriction: loan notices (spec 001)', () => {
  it('a restricted borrower hears nothing of their requests and decisions; the approvers still do; an unrestricted borrower hears everything', async () => {
    const tenant = await createTenant();
    const other = await createUser(tenant.id, 'EMPLOYEE');
    await setRestricted(tenant.employee.id, true);
    const [restrictedToken, otherToken, manager] = await Promise.all([tenant.employee.token(), other.token(), tenant.manager.token()]);
    const assets = await insertAssets(tenant, [{}, {}, {}, {}]);

    const loans: Record<string, string> = {};
    for (const [key, token, assetId, offset] of [
      ['approvedR', restrictedToken, assets[0]!, 0],
      ['rejectedR', restrictedToken, assets[1]!, 0],
      ['approvedO', otherToken, assets[2]!, 0],
      ['rejectedO', otherToken, assets[3]!, 0],
    ] as const) {
      const response = await requestLoan(tenant, token, { assetId, startDate: day(offset), endDate: day(offset + 2) });
      expect(response.status).toBe(201);
      loans[key] = response.body.id as string;
    }
    // The request of a restricted borrower still reaches the approver: it is what they asked for.
    expect(await fanOutLoanRequests(tenant)).toBe(4);
    const requested = await sql`select payload -> 'data' ->> 'loanId' as loan from outbox where organisation_id = ${tenant.id} and payload ->> 'template' = 'loan-requested'`;
    expect(requested.map((row) => row.loan).sort()).toEqual(Object.values(loans).sort());

    expect((await loanAction(tenant, manager, loans.approvedR!, 'approve')).status).toBe(200);
    expect((await loanAction(tenant, manager, loans.rejectedR!, 'reject', { reason: 'Booked' })).status).toBe(200);
    expect((await loanAction(tenant, manager, loans.approvedO!, 'approve')).status).toBe(200);
    expect((await loanAction(tenant, manager, loans.rejectedO!, 'reject', { reason: 'Booked' })).status).toBe(200);

    expect(await toldTo(tenant, tenant.employee)).toEqual({ emails: [], inApp: [] });
    expect(await toldTo(tenant, other)).toEqual({ emails: ['loan-approved', 'loan-rejected'], inApp: ['LOAN_APPROVED', 'LOAN_REJECTED'] });
    // The decisions themselves are recorded as ever.
    const audit = await sql`select action from audit_log where target_id in (${loans.approvedR!}, ${loans.rejectedR!}) order by id`;
    expect(audit.map((row) => row.action)).toEqual(expect.arrayContaining(['LOAN_REQUESTED', 'LOAN_APPROVED', 'LOAN_REJECTED']));
  });

  it('extensions: a restricted borrower hears nothing of the decisions, the approver hears of the request; pick-up and return tell no one', async () => {
    const tenant = await createTenant();
    const other = await createUser(tenant.id, 'EMPLOYEE');
    await setRestricted(tenant.employee.id, true);
    const [restrictedToken, otherToken, manager] = await Promise.all([tenant.employee.token(), other.token(), tenant.manager.token()]);
    const assets = await insertAssets(tenant, [{ status: 'LOANED' }, { status: 'LOANED' }, { status: 'LOANED' }, { status: 'LOANED' }]);
    const seed = (assetId: string, requesterId: string) => insertLoan(tenant, { assetId, requesterId, status: 'ACTIVE', startDate: day(0), endDate: day(2) });
    const [approveR, rejectR, approveO, rejectO] = [await seed(assets[0]!, tenant.employee.id), await seed(assets[1]!, tenant.employee.id), await seed(assets[2]!, other.id), await seed(assets[3]!, other.id)];

    for (const [loanId, token] of [[approveR, restrictedToken], [rejectR, restrictedToken], [approveO, otherToken], [rejectO, otherToken]] as const) {
      expect((await loanAction(tenant, token, loanId, 'extend', { endDate: day(4) })).status).toBe(200);
    }
    expect(await toldTo(tenant, tenant.manager)).toEqual({ emails: Array(4).fill('loan-extension-requested'), inApp: Array(4).fill('LOAN_EXTENSION_REQUESTED') });

    expect((await loanAction(tenant, manager, approveR, 'approve')).status).toBe(200);
    expect((await loanAction(tenant, manager, rejectR, 'reject', { reason: 'Needed elsewhere' })).status).toBe(200);
    expect((await loanAction(tenant, manager, approveO, 'approve')).status).toBe(200);
    expect((await loanAction(tenant, manager, rejectO, 'reject', { reason: 'Needed elsewhere' })).status).toBe(200);
    expect((await loanAction(tenant, manager, approveR, 'return')).status).toBe(200);

    expect(await toldTo(tenant, tenant.employee)).toEqual({ emails: [], inApp: [] });
    expect(await toldTo(tenant, other)).toEqual({ emails: ['loan-extension-approved', 'loan-extension-rejected'], inApp: ['LOAN_EXTENSION_APPROVED', 'LOAN_EXTENSION_REJECTED'] });
    expect((await sql`select end_date::text from loans where id = ${approveR}`)[0]!.end_date).toBe(day(4));
  });

  it('a restricted approver is told of no request; an automatic approval tells a restricted borrower nothing', async () => {
    const tenant = await createTenant();
    await setRestricted(tenant.manager.id, true);
    const [assetId, autoAsset, autoOther] = await insertAssets(tenant, [{}, {}, {}]);
    const other = await createUser(tenant.id, 'EMPLOYEE');
    expect((await requestLoan(tenant, await tenant.employee.token(), { assetId: assetId! })).status).toBe(201);
    expect(await fanOutLoanRequests(tenant)).toBe(0);
    expect(await toldTo(tenant, tenant.manager)).toEqual({ emails: [], inApp: [] });

    await setPolicy(tenant, { requireApproval: false });
    await setRestricted(tenant.employee.id, true);
    const auto = await requestLoan(tenant, await tenant.employee.token(), { assetId: autoAsset!, startDate: day(5), endDate: day(6) });
    expect(auto.status).toBe(201);
    expect(auto.body.status).toBe('APPROVED');
    expect((await requestLoan(tenant, await other.token(), { assetId: autoOther!, startDate: day(5), endDate: day(6) })).status).toBe(201);
    expect(await toldTo(tenant, tenant.employee)).toEqual({ emails: [], inApp: [] });
    expect(await toldTo(tenant, other)).toEqual({ emails: ['loan-approved'], inApp: ['LOAN_APPROVED'] });
  });
});

describe('restriction: invitations', () => {
  it('sends no welcome e-mail to the address of a restricted person of the register; an unrestricted one gets theirs', async () => {
    const tenant = await createTenant();
    const restricted = `restricted-${randomUUID()}@example.test`;
    const free = `free-${randomUUID()}@example.test`;
    await createPerson(tenant.id, { official_email: restricted, processing_restricted: true });
    await createPerson(tenant.id, { preferred_email: free });
    const admin = await tenant.admin.token();
    for (const email of [restricted.toUpperCase(), free]) {
      expect((await call('POST', '/api/v1/invitations', { tenant: tenant.slug, token: admin, json: { email, role: 'EMPLOYEE' } })).status).toBe(201);
    }
    const invited = await sql`select lower(email) as email from invitations where organisation_id = ${tenant.id} order by email`;
    expect(invited.map((row) => row.email).sort()).toEqual([free, restricted].sort());
    const welcome = await sql`select payload ->> 'to' as to from outbox where organisation_id = ${tenant.id} and payload ->> 'template' = 'welcome'`;
    expect(welcome.map((row) => row.to)).toEqual([free]);
  });
});

describe('restriction: the loan jobs pause for the subject', () => {
  it('no reminder while restricted, the loan left unmarked; after lifting, the next run reminds', async () => {
    const tenant = await createTenant();
    const restricted = await insertJobLoan(tenant, { startDate: '1961-05-01', endDate: '1961-05-20', requesterId: tenant.employee.id });
    const free = await insertJobLoan(tenant, { startDate: '1961-05-01', endDate: '1961-05-20', requesterId: tenant.manager.id });
    await settleOverdue([restricted.id, free.id]);
    await setRestricted(tenant.employee.id, true);
    const now = testClock('1961-05-18T06:00:00Z').now;

    expect(await sendLoanReminders({ db, now })).toEqual({ reminded: 1 });
    expect(await toldTo(tenant, tenant.employee)).toEqual({ emails: [], inApp: [] });
    expect(await toldTo(tenant, tenant.manager)).toEqual({ emails: ['loan-reminder'], inApp: ['LOAN_REMINDER'] });
    const marked = await sql`select id from loans where id in (${restricted.id}, ${free.id}) and reminder_sent_at is not null`;
    expect(marked.map((row) => row.id)).toEqual([free.id]);

    await setRestricted(tenant.employee.id, false);
    expect(await sendLoanReminders({ db, now })).toEqual({ reminded: 1 });
    expect(await toldTo(tenant, tenant.employee)).toEqual({ emails: ['loan-reminder'], inApp: ['LOAN_REMINDER'] });
  });

  it('an overdue loan of a restricted borrower is neither marked nor told; after lifting, it is both', async () => {
    const tenant = await createTenant();
    await setRestricted(tenant.employee.id, true);
    const restricted = await insertJobLoan(tenant, { startDate: '1961-06-01', endDate: '1961-06-10', requesterId: tenant.employee.id });
    const now = testClock('1961-06-12T06:00:00Z').now;
    const free = await insertJobLoan(tenant, { startDate: '1961-06-01', endDate: '1961-06-10', requesterId: tenant.manager.id });
    try {
      const run = await markOverdueLoans({ db, now, runId: 'restriction-1' });
      expect(run.marked).toBeGreaterThanOrEqual(1);
      expect(await toldTo(tenant, tenant.employee)).toEqual({ emails: [], inApp: [] });
      expect(await toldTo(tenant, tenant.manager)).toEqual({ emails: ['loan-overdue'], inApp: ['LOAN_OVERDUE'] });
      const overdueAudit = async () => (await sql`select target_id from audit_log where organisation_id = ${tenant.id} and action = 'LOAN_OVERDUE' order by id`).map((row) => row.target_id);
      expect(await overdueAudit()).toEqual([free.id]);
      expect((await sql`select overdue_notified_at from loans where id = ${restricted.id}`)[0]!.overdue_notified_at).toBeNull();

      await setRestricted(tenant.employee.id, false);
      await markOverdueLoans({ db, now, runId: 'restriction-2' });
      expect(await toldTo(tenant, tenant.employee)).toEqual({ emails: ['loan-overdue'], inApp: ['LOAN_OVERDUE'] });
      expect(await overdueAudit()).toEqual([free.id, restricted.id]);
    } finally {
      await settleOverdue([restricted.id, free.id]);
    }
  });
});

describe('restriction: e-mails queued before it are held', () => {
  let sink: MailSink;
  beforeEach(async () => {
    sink = await startMailSink();
  });
  afterEach(() => sink.stop());

  const deps = (now: () => Date): DeliverOutboxDeps => ({
    db,
    mailer: createMailer({ RESEND_API_KEY: sink.apiKey, RESEND_BASE_URL: sink.url }),
    now,
    emailFrom: 'Quartermaster <no-reply@quartermaster.test>',
  });

  async function queue(tenant: TestTenant, dueAt: Date, messages: Omit<EmailMessage, 'idempotencyKey'>[]): Promise<string[]> {
    const keys = messages.map(() => randomUUID());
    await withTenant(db, tenant.id, async (tx) => {
      for (const [index, message] of messages.entries()) await enqueueEmail(tx, { organisationId: tenant.id }, { ...message, idempotencyKey: keys[index]! });
    });
    await sql`update outbox set next_attempt_at = ${dueAt} where organisation_id = ${tenant.id} and idempotency_key in ${sql(keys)}`;
    return keys;
  }

  type StoredEmail = { status: string; attempts: number; last_error: string | null; next_attempt_at: Date };
  const rowsOf = async (keys: string[]): Promise<Record<string, StoredEmail>> =>
    Object.fromEntries(
      (await sql`select idempotency_key, status, attempts, last_error, next_attempt_at from outbox where idempotency_key in ${sql(keys)}`).map((row) => [row.idempotency_key, row as unknown as StoredEmail]),
    );

  it('holds them (pending, no attempt) while it holds, then delivers them once lifted, withdrawing a reminder for a returned loan', async () => {
    const clock = testClock('1955-06-01T09:00:00Z');
    const tenant = await createTenant();
    const to = emailOf(tenant.employee);
    const active = await insertJobLoan(tenant, { startDate: '1955-05-25', endDate: '1955-06-03', requesterId: tenant.employee.id });
    const returned = await insertJobLoan(tenant, { startDate: '1955-05-25', endDate: '1955-06-02', requesterId: tenant.employee.id });
    await settleOverdue([active.id, returned.id]);
    const [approved, reminder, staleReminder, exportReady, managers] = await queue(tenant, clock.now(), [
      { template: 'loan-approved', to, data: { loanId: randomUUID(), assetName: 'Drill', startDate: '1955-06-05', endDate: '1955-06-07', approverName: 'Marcus Reyes' } },
      { template: 'loan-reminder', to, data: { loanId: active.id, assetName: active.assetName, endDate: '1955-06-03', daysLeft: 2 } },
      { template: 'loan-reminder', to, data: { loanId: returned.id, assetName: returned.assetName, endDate: '1955-06-02', daysLeft: 1 } },
      { template: 'data-export-ready', to, data: { dataExportId: randomUUID(), format: 'json', token: 'a'.repeat(43), linkExpiresAt: '1955-06-08T09:00:00.000Z' } },
      { template: 'loan-approved', to: emailOf(tenant.manager), data: { loanId: randomUUID(), assetName: 'Saw', startDate: '1955-06-05', endDate: '1955-06-07', approverName: 'Marcus Reyes' } },
    ]);
    const held = [approved!, reminder!, staleReminder!];
    await setRestricted(tenant.employee.id, true);

    // The subject's own request still goes out; everything else to them waits, attempts untouched.
    expect(await deliverOutbox(deps(clock.now))).toEqual({ sent: 2, retried: 0, failed: 0, held: 3 });
    expect(sink.messages().map((message) => message.to).sort()).toEqual([emailOf(tenant.manager), to].sort());
    const whileHeld = await rowsOf([...held, exportReady!, managers!]);
    for (const key of held) {
      expect(whileHeld[key]).toMatchObject({ status: 'PENDING', attempts: 0, last_error: HELD_FOR_RESTRICTION, next_attempt_at: new Date(clock.now().getTime() + OUTBOX_HOLD_MS) });
    }
    expect(whileHeld[exportReady!]).toMatchObject({ status: 'SENT', attempts: 1 });

    // Looked at again after the hold, still restricted: held again, still nothing attempted.
    clock.advance(OUTBOX_HOLD_MS);
    expect(await deliverOutbox(deps(clock.now))).toEqual({ sent: 0, retried: 0, failed: 0, held: 3 });
    expect(Object.values(await rowsOf(held)).map((row) => [row.status, row.attempts])).toEqual(Array(3).fill(['PENDING', 0]));
    expect(sink.requestCount()).toBe(2);

    await sql`update loans set status = 'RETURNED' where id = ${returned.id}`;
    await setRestricted(tenant.employee.id, false);
    const personId = await personOf(tenant.employee.id);
    expect(await withTenant(db, tenant.id, (tx) => releaseHeldEmails(tx, { organisationId: tenant.id, now: clock.now() }, personId))).toEqual({ released: 2, withdrawn: 1 });

    expect(await deliverOutbox(deps(clock.now))).toEqual({ sent: 2, retried: 0, failed: 0, held: 0 });
    const after = await rowsOf(held);
    expect(after[approved!]).toMatchObject({ status: 'SENT', attempts: 1, last_error: null });
    expect(after[reminder!]).toMatchObject({ status: 'SENT', attempts: 1, last_error: null });
    expect(after[staleReminder!]).toMatchObject({ status: 'FAILED', attempts: 0, last_error: WITHDRAWN_STALE_NOTICE });
    expect(sink.messages().filter((message) => message.to === to).map((message) => message.subject)).toHaveLength(3);
  });

  it('lifting through the profile or by an admin releases the held e-mails at once', async () => {
    const clock = testClock('1954-06-01T09:00:00Z');
    const tenant = await createTenant();
    const data = { loanId: randomUUID(), assetName: 'Drill', startDate: '1954-06-05', endDate: '1954-06-07', approverName: 'Marcus Reyes' };
    const [own, byAdmin] = await queue(tenant, clock.now(), [
      { template: 'loan-approved', to: emailOf(tenant.employee), data },
      { template: 'loan-approved', to: emailOf(tenant.manager), data },
    ]);
    const employeeToken = await tenant.employee.token();
    expect((await call('PATCH', '/api/v1/profile', { tenant: tenant.slug, token: employeeToken, json: { processingRestricted: true } })).status).toBe(200);
    await setRestricted(tenant.manager.id, true);
    expect(await deliverOutbox(deps(clock.now))).toEqual({ sent: 0, retried: 0, failed: 0, held: 2 });

    const before = Date.now();
    expect((await call('PATCH', '/api/v1/profile', { tenant: tenant.slug, token: employeeToken, json: { processingRestricted: false } })).status).toBe(200);
    const managerPerson = await personOf(tenant.manager.id);
    const patched = await call('PATCH', `/api/v1/persons/${managerPerson}`, { tenant: tenant.slug, token: await tenant.admin.token(), json: { processingRestricted: false } });
    expect(patched.status).toBe(200);
    expect(patched.body.processingRestricted).toBe(false);

    const rows = await rowsOf([own!, byAdmin!]);
    for (const key of [own!, byAdmin!]) {
      expect(rows[key]).toMatchObject({ status: 'PENDING', attempts: 0, last_error: null });
      expect(rows[key]!.next_attempt_at.getTime()).toBeGreaterThanOrEqual(before - 5_000);
      expect(rows[key]!.next_attempt_at.getTime()).toBeLessThanOrEqual(Date.now() + 5_000);
    }
    // Settled here, so that no later run of another file's era sends them to its sink.
    await sql`update outbox set status = 'SENT' where idempotency_key in (${own!}, ${byAdmin!})`;
  });
});

describe('restriction: activities are still recorded', () => {
  it('a coach or admin records an activity of a restricted person; it is stored and audited', async () => {
    const tenant = await createTenant();
    const personId = await createPerson(tenant.id, { processing_restricted: true });
    const response = await call('POST', '/api/v1/activities', {
      tenant: tenant.slug,
      token: await tenant.admin.token(),
      json: { personId, type: 'training', title: 'Squad training', occurredAt: '2026-03-03T16:00:00Z' },
    });
    expect(response.status).toBe(201);
    const stored = await sql`select person_id, type, title from activities where id = ${response.body.id as string}`;
    expect(stored).toEqual([{ person_id: personId, type: 'training', title: 'Squad training' }]);
    expect((await sql`select count(*)::int as n from audit_log where target_id = ${response.body.id as string}`)[0]!.n).toBe(1);
  });
});
