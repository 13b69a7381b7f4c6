import { randomBytes, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '@/lib/platform/core/context';
import { erasePerson } from '@/lib/privacy/erasure/erase-person';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';
import { createPerson, createTenant, insertAssets, ownerDb, type TestTenant } from '../../../support/factories';
import { jobDb } from '../../../support/job-db';
import { day, insertLoan } from '../../lending/loans/loan-helpers';

const secret = randomBytes(32).toString('base64url');
const now = new Date(Math.ceil(Date.now() / 1000) * 1000 + 60_000);

async function erase(tenant: TestTenant, personId: string) {
  const { ctx } = createContext({ organisationId: tenant.id, user: null, requestId: `test-${randomUUID()}`, now });
  return withTenant(jobDb(), tenant.id, (tx) => erasePerson(tx, ctx, personId, { scope: 'full' }, secret));
}

describe("an erased borrower's loans (spec 001, issue 23 item 9)", () => {
  let tenant: TestTenant;
  beforeAll(async () => {
    tenant = await createTenant();
  });

  it('cancels their pending and approved bookings, frees the asset, tells the approvers without naming them, and keeps a loan picked up', async () => {
    const sql = ownerDb();
    const personId = await createPerson(tenant.id, { first_name: 'Bartholomew', last_name: 'Zebulon' });
    const [user] = await sql`insert into users (organisation_id, person_id, idp_subject, email, role) values (${tenant.id}, ${personId}, ${`sub-${randomUUID()}`}, ${`borrower-${randomUUID()}@example.test`}, 'EMPLOYEE') returning id`;
    const borrower = user!.id as string;
    const [pendingAsset, approvedAsset, activeAsset, returnedAsset] = await insertAssets(tenant, [{ name: 'Pending tripod' }, { name: 'Approved drone' }, { name: 'Active laptop' }, { name: 'Returned bike' }]);
    const pending = await insertLoan(tenant, { assetId: pendingAsset!, requesterId: borrower, status: 'PENDING_APPROVAL', startDate: day(3), endDate: day(5), purpose: 'For my knee rehab at home' });
    const approved = await insertLoan(tenant, { assetId: approvedAsset!, requesterId: borrower, status: 'APPROVED', startDate: day(4), endDate: day(6), approverId: tenant.manager.id, purpose: 'Filming my daughter' });
    const active = await insertLoan(tenant, { assetId: activeAsset!, requesterId: borrower, status: 'ACTIVE', startDate: day(-1), endDate: day(2), purpose: 'Working from home' });
    const returned = await insertLoan(tenant, { assetId: returnedAsset!, requesterId: borrower, status: 'RETURNED', startDate: day(-9), endDate: day(-7), purpose: 'Commute' });
    await sql`update assets set status = 'LOANED' where id = ${activeAsset!}`;

    const counts = await erase(tenant, personId);

    const loans = Object.fromEntries(
      (await sql`select id, status, purpose, cancelled_at, requester_id from loans where id in ${sql([pending, approved, active, returned])}`).map((l) => [l.id, l]),
    );
    expect(loans[pending]).toMatchObject({ status: 'CANCELLED', purpose: '[deleted]', cancelled_at: expect.any(Date), requester_id: borrower });
    expect(loans[approved]).toMatchObject({ status: 'CANCELLED', purpose: '[deleted]', cancelled_at: expect.any(Date) });
    // Physically out: the loan stays open until the asset comes back, its borrower the closed account.
    expect(loans[active]).toMatchObject({ status: 'ACTIVE', purpose: '[deleted]', cancelled_at: null, requester_id: borrower });
    expect(loans[returned]).toMatchObject({ status: 'RETURNED', purpose: '[deleted]' });
    expect((await sql`select status from assets where id = ${activeAsset!}`)[0]!.status).toBe('LOANED');
    expect(counts).toMatchObject({ cancelledLoans: 2, activeLoansKept: 1 });

    // The approved dates are free again: another booking of them is accepted by the no-overlap constraint.
    await expect(insertLoan(tenant, { assetId: approvedAsset!, requesterId: tenant.employee.id, status: 'APPROVED', startDate: day(4), endDate: day(6) })).resolves.toEqual(expect.any(String));

    const audit = await sql`select action, actor_type, target_id, changes, metadata from audit_log where target_type = 'LOAN' and target_id in ${sql([pending, approved, active])} order by id`;
    expect(audit.map((a) => [a.action, a.actor_type, a.target_id])).toEqual([
      ['LOAN_CANCELLED_BORROWER_ERASED', 'SYSTEM', pending],
      ['LOAN_CANCELLED_BORROWER_ERASED', 'SYSTEM', approved],
    ]);
    expect(JSON.stringify(audit)).not.toMatch(/knee|daughter|Bartholomew/);

    // The named approver of the approved booking; every asset manager for the others.
    const notices = await sql`select user_id, kind, title, body, loan_id from notifications where loan_id in ${sql([pending, approved, active])} order by kind, loan_id`;
    expect(notices.map((n) => [n.user_id, n.kind, n.loan_id]).sort()).toEqual(
      [
        [tenant.manager.id, 'LOAN_CANCELLED_BORROWER_ERASED', pending],
        [tenant.manager.id, 'LOAN_CANCELLED_BORROWER_ERASED', approved],
        [tenant.manager.id, 'LOAN_BORROWER_ERASED', active],
      ].sort(),
    );
    expect(notices.find((n) => n.loan_id === approved)!.body).toContain('Approved drone');
    const emails = await sql`select idempotency_key, payload from outbox where organisation_id = ${tenant.id} and payload ->> 'template' = 'loan-borrower-erased' order by idempotency_key`;
    expect(emails.map((e) => [e.payload.data.loanId, e.payload.data.outcome]).sort()).toEqual(
      [
        [pending, 'cancelled'],
        [approved, 'cancelled'],
        [active, 'still_out'],
      ].sort(),
    );
    expect(JSON.stringify([notices, emails])).not.toMatch(/Bartholomew|Zebulon|knee|daughter/);
  });
});
