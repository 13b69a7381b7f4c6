import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sendLoanReminders } from '@/lib/jobs/send-loan-reminders';
import { withTenant } from '@/lib/tenancy/with-tenant';
import { loadActingUser } from '@/lib/users/load-acting-user';
import { createTenant, ownerDb } from '../../support/factories';
import { insertLoan, jobDb, notificationRows, outboxRows, testClock } from '../../support/job-db';

// Jobs work across tenants: this file keeps to 1961, where no other test's loans end.
const db = jobDb();

const restrict = (userId: string) => ownerDb()`update persons set processing_restricted = true where id = (select person_id from users where id = ${userId})`;

describe('processing restriction (spec 001)', () => {
  it('sends a restricted person no loan reminder, while an unrestricted one gets theirs and both loans are marked', async () => {
    const tenant = await createTenant();
    const restricted = await insertLoan(tenant, { startDate: '1961-04-01', endDate: '1961-04-20', requesterId: tenant.employee.id });
    const unrestricted = await insertLoan(tenant, { startDate: '1961-04-01', endDate: '1961-04-20', requesterId: tenant.manager.id });
    await restrict(tenant.employee.id);

    expect(await sendLoanReminders({ db, now: testClock('1961-04-18T06:00:00Z').now })).toEqual({ reminded: 2 });

    expect((await outboxRows(tenant.id)).map((row) => row.idempotency_key)).toEqual([`loan-reminder:${unrestricted.id}:1961-04-20`]);
    expect((await notificationRows(tenant.id)).map((row) => [row.user_id, row.loan_id])).toEqual([[tenant.manager.id, unrestricted.id]]);
    const marked = await ownerDb()`select id from loans where id in (${restricted.id}, ${unrestricted.id}) and reminder_sent_at is not null`;
    expect(marked).toHaveLength(2);
  });
});

describe('admin sign-in audit', () => {
  it('records ADMIN_SIGNED_IN for an admin signing in to the portal, not for other roles or API calls', async () => {
    const tenant = await createTenant();
    const signIn = (subject: string, signIn: boolean) =>
      withTenant(db, tenant.id, (tx) => loadActingUser(tx, tenant.id, { organisationId: tenant.id, userId: subject }, randomUUID(), { signIn }));
    await signIn(tenant.admin.subject, true);
    await signIn(tenant.admin.subject, false);
    await signIn(tenant.employee.subject, true);

    const rows = await ownerDb()`select action, actor_user_id, target_type, target_id from audit_log where organisation_id = ${tenant.id} and action like 'ADMIN_SIGNED%'`;
    expect(rows).toEqual([{ action: 'ADMIN_SIGNED_IN', actor_user_id: tenant.admin.id, target_type: 'USER', target_id: tenant.admin.id }]);
  });
});
