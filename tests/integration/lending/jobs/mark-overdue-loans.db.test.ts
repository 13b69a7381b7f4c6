import { describe, expect, it } from 'vitest';
import { markOverdueLoans } from '@/lib/lending/jobs/mark-overdue-loans';
import { createTenant, ownerDb } from '../../../support/factories';
import { insertLoan, jobDb, notificationRows, outboxRows, racingDb, testClock } from '../../../support/job-db';

// "Overdue" means every ACTIVE loan that ended before today, in every tenant, so each test's clock stands
// earlier than the loans of the tests before it (1980s here; the other job tests use later decades).
const db = jobDb();

const auditRows = (loanId: string) =>
  ownerDb()`select action, actor_type, actor_user_id, target_type, target_id, asset_id, metadata, request_id from audit_log where target_id = ${loanId} order by id`;

describe('markOverdueLoans', () => {
  it('marks a loan overdue the day after its end, once, with audit entry, e-mail and notification', async () => {
    const tenant = await createTenant();
    const loan = await insertLoan(tenant, { startDate: '1985-04-01', endDate: '1985-04-10' });
    const clock = testClock('1985-04-10T23:00:00Z');

    expect(await markOverdueLoans({ db, now: clock.now, runId: 'run-1' })).toEqual({ marked: 0 });

    clock.set('1985-04-11T00:30:00Z');
    expect(await markOverdueLoans({ db, now: clock.now, runId: 'run-2' })).toEqual({ marked: 1 });

    const [stored] = await ownerDb()`select status, overdue_notified_at from loans where id = ${loan.id}`;
    expect(stored).toEqual({ status: 'ACTIVE', overdue_notified_at: clock.now() });
    expect(await auditRows(loan.id)).toEqual([
      expect.objectContaining({ action: 'LOAN_OVERDUE', actor_type: 'SYSTEM', actor_user_id: null, target_type: 'LOAN', asset_id: loan.assetId, request_id: 'run-2', metadata: { endDate: '1985-04-10', daysOverdue: 1 } }),
    ]);
    expect(await outboxRows(tenant.id)).toEqual([
      expect.objectContaining({
        idempotency_key: `loan-overdue:${loan.id}:1985-04-10`,
        payload: expect.objectContaining({ template: 'loan-overdue', data: { loanId: loan.id, assetName: loan.assetName, endDate: '1985-04-10' } }),
      }),
    ]);
    expect(await notificationRows(tenant.id)).toEqual([expect.objectContaining({ kind: 'LOAN_OVERDUE', user_id: tenant.employee.id, loan_id: loan.id })]);

    clock.set('1985-04-12T00:30:00Z');
    expect(await markOverdueLoans({ db, now: clock.now })).toEqual({ marked: 0 });
    expect(await auditRows(loan.id)).toHaveLength(1);
    expect(await outboxRows(tenant.id)).toHaveLength(1);
    expect(await notificationRows(tenant.id)).toHaveLength(1);
  });

  it('marks once when runs overlap', async () => {
    const tenant = await createTenant();
    const loan = await insertLoan(tenant, { startDate: '1984-01-01', endDate: '1984-01-05' });
    const now = testClock('1984-01-20T00:00:00Z').now;

    const racing = racingDb(db, 3);
    const results = await Promise.all([1, 2, 3].map(() => markOverdueLoans({ db: racing, now })));

    expect(results.reduce((sum, r) => sum + r.marked, 0)).toBe(1);
    expect(await auditRows(loan.id)).toHaveLength(1);
    expect(await outboxRows(tenant.id)).toHaveLength(1);
    expect(await notificationRows(tenant.id)).toHaveLength(1);
  });

  it('leaves loans that are not ACTIVE alone', async () => {
    const tenant = await createTenant();
    const approved = await insertLoan(tenant, { startDate: '1983-01-01', endDate: '1983-01-05', status: 'APPROVED' });
    const returned = await insertLoan(tenant, { startDate: '1983-01-01', endDate: '1983-01-05', status: 'RETURNED' });

    expect(await markOverdueLoans({ db, now: testClock('1983-02-01T00:00:00Z').now })).toEqual({ marked: 0 });

    const rows = await ownerDb()`select overdue_notified_at from loans where id in ${ownerDb()([approved.id, returned.id])}`;
    expect(rows.map((r) => r.overdue_notified_at)).toEqual([null, null]);
    expect(await outboxRows(tenant.id)).toHaveLength(0);
  });
});
