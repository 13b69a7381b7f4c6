import { afterEach, describe, expect, it, vi } from 'vitest';
import { setEventDispatcher } from '@/lib/platform/jobs/dispatch-event';
import { sendLoanReminders } from '@/lib/lending/jobs/send-loan-reminders';
import { createTenant, ownerDb } from '../../../support/factories';
import { insertLoan, jobDb, notificationRows, outboxRows, racingDb, testClock } from '../../../support/job-db';

// Jobs work across tenants, so each test keeps to its own stretch of the 1990s, where no other test's
// loans end (see the other job tests for their decades).
const db = jobDb();

afterEach(() => setEventDispatcher(null));

describe('sendLoanReminders', () => {
  it('reminds once, 3 days before the end date, by e-mail and in the app', async () => {
    const tenant = await createTenant();
    const loan = await insertLoan(tenant, { startDate: '1995-03-01', endDate: '1995-03-20' });
    const clock = testClock('1995-03-16T08:00:00Z');

    expect(await sendLoanReminders({ db, now: clock.now })).toEqual({ reminded: 0 });
    expect(await outboxRows(tenant.id)).toHaveLength(0);
    expect(await notificationRows(tenant.id)).toHaveLength(0);

    clock.set('1995-03-17T00:05:00Z');
    expect(await sendLoanReminders({ db, now: clock.now })).toEqual({ reminded: 1 });

    const [email, ...moreEmails] = await outboxRows(tenant.id);
    expect(moreEmails).toHaveLength(0);
    const [user] = await ownerDb()`select email from users where id = ${tenant.employee.id}`;
    expect(email).toMatchObject({
      idempotency_key: `loan-reminder:${loan.id}:1995-03-20`,
      status: 'PENDING',
      payload: { template: 'loan-reminder', to: user!.email, data: { loanId: loan.id, assetName: loan.assetName, endDate: '1995-03-20', daysLeft: 3 } },
    });
    expect(await notificationRows(tenant.id)).toEqual([
      expect.objectContaining({ user_id: tenant.employee.id, kind: 'LOAN_REMINDER', loan_id: loan.id, title: expect.stringContaining(loan.assetName) }),
    ]);
    const [stored] = await ownerDb()`select reminder_sent_at from loans where id = ${loan.id}`;
    expect(stored!.reminder_sent_at).toEqual(clock.now());

    clock.set('1995-03-18T00:05:00Z');
    expect(await sendLoanReminders({ db, now: clock.now })).toEqual({ reminded: 0 });
    expect(await outboxRows(tenant.id)).toHaveLength(1);
    expect(await notificationRows(tenant.id)).toHaveLength(1);
  });

  it('reminds once when runs overlap', async () => {
    const tenant = await createTenant();
    const loan = await insertLoan(tenant, { startDate: '1994-06-01', endDate: '1994-06-20' });
    const clock = testClock('1994-06-17T10:00:00Z');

    const racing = racingDb(db, 3);
    const results = await Promise.all([1, 2, 3].map(() => sendLoanReminders({ db: racing, now: clock.now })));

    expect(results.reduce((sum, r) => sum + r.reminded, 0)).toBe(1);
    expect((await outboxRows(tenant.id)).map((r) => r.idempotency_key)).toEqual([`loan-reminder:${loan.id}:1994-06-20`]);
    expect(await notificationRows(tenant.id)).toHaveLength(1);
  });

  it('keeps each tenant to its own rows and reminds only ACTIVE loans', async () => {
    const [acme, globex] = await Promise.all([createTenant(), createTenant()]);
    const acmeLoan = await insertLoan(acme, { startDate: '1993-09-01', endDate: '1993-09-12' });
    const globexLoan = await insertLoan(globex, { startDate: '1993-09-01', endDate: '1993-09-11' });
    await insertLoan(acme, { startDate: '1993-09-01', endDate: '1993-09-12', status: 'APPROVED' });
    await insertLoan(acme, { startDate: '1993-09-01', endDate: '1993-09-12', status: 'RETURNED' });

    expect(await sendLoanReminders({ db, now: testClock('1993-09-10T06:00:00Z').now })).toEqual({ reminded: 2 });

    expect((await outboxRows(acme.id)).map((r) => r.payload.data)).toEqual([expect.objectContaining({ loanId: acmeLoan.id, daysLeft: 2 })]);
    expect((await outboxRows(globex.id)).map((r) => r.payload.data)).toEqual([expect.objectContaining({ loanId: globexLoan.id, daysLeft: 1 })]);
    expect((await notificationRows(acme.id)).map((n) => n.loan_id)).toEqual([acmeLoan.id]);
    expect((await notificationRows(globex.id)).map((n) => n.loan_id)).toEqual([globexLoan.id]);
  });

  it('announces the enqueued e-mail only after the transaction committed', async () => {
    const tenant = await createTenant();
    await insertLoan(tenant, { startDate: '1992-02-01', endDate: '1992-02-10' });
    const dispatched: string[] = [];
    const dispatcher = vi.fn(async (event: string) => {
      const [row] = await ownerDb()`select count(*)::int as n from outbox where organisation_id = ${tenant.id}`;
      dispatched.push(`${event}:${row!.n}`);
    });
    setEventDispatcher(dispatcher);

    await sendLoanReminders({ db, now: testClock('1992-02-08T00:00:00Z').now });

    await vi.waitFor(() => expect(dispatched).toEqual(['quartermaster/outbox.enqueued:1']));
  });
});
