import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deliverOutbox, type DeliverOutboxDeps } from '@/lib/transport/jobs/deliver-outbox';
import { HELD_FOR_RESTRICTION } from '@/lib/platform/notifications/hold-restricted-emails';
import { createMailer } from '@/lib/platform/notifications/mailer';
import { expectEnvelope } from '../../../support/api';
import { createTenant, createUser, insertAssets, ownerDb, type TestTenant, type TestUser } from '../../../support/factories';
import { jobDb, testClock } from '../../../support/job-db';
import { type MailSink, startMailSink } from '../../../support/mail-sink';
import { day, fanOutLoanRequests, insertLoan, requestLoan, setPolicy } from './loan-helpers';

// The deliver-outbox job works across tenants: each test makes its events due in a year of the 1940s of its own,
// which no other test's outbox rows (due "now", or in other eras) ever are.
const sql = ownerDb();
const db = jobDb();
let year = 1950;
let sink: MailSink;

beforeEach(async () => {
  sink = await startMailSink();
});
afterEach(() => sink.stop());

function setUp() {
  year -= 1;
  const clock = testClock(`${year}-03-01T09:00:00Z`);
  const deps: DeliverOutboxDeps = { db, mailer: createMailer({ RESEND_API_KEY: sink.apiKey, RESEND_BASE_URL: sink.url }), now: clock.now, emailFrom: 'Quartermaster <no-reply@quartermaster.test>' };
  return { clock, deps };
}

const emailOf = (user: TestUser) => `${user.subject}@example.test`.toLowerCase();

/** Files a request and makes its event due at the test's clock. */
async function file(tenant: TestTenant, assetId: string, dueAt: Date): Promise<string> {
  const response = await requestLoan(tenant, await tenant.employee.token(), { assetId });
  expect(response.status).toBe(201);
  await sql`update outbox set next_attempt_at = ${dueAt} where organisation_id = ${tenant.id} and kind = 'LOAN_REQUESTED' and payload ->> 'loanId' = ${response.body.id}`;
  return response.body.id as string;
}

async function outboxOf(tenant: TestTenant) {
  return sql`select kind, idempotency_key, status, lower(payload ->> 'to') as to, payload, last_error from outbox where organisation_id = ${tenant.id} order by kind, idempotency_key`;
}

describe('loan requests: one outbox event, fanned out at delivery', () => {
  it('a request writes the loan, its audit entry and one outbox event, and no e-mail; a conflict still answers 409', async () => {
    const tenant = await createTenant();
    await Promise.all([createUser(tenant.id, 'ASSET_MANAGER'), createUser(tenant.id, 'ASSET_MANAGER')]);
    const [assetId] = await insertAssets(tenant, [{ name: 'Drone' }]);
    const response = await requestLoan(tenant, await tenant.employee.token(), { assetId: assetId!, startDate: day(1), endDate: day(3) });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ status: 'PENDING_APPROVAL', assetId, requesterId: tenant.employee.id, approverId: null });
    const loanId = response.body.id as string;

    const rows = await outboxOf(tenant);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'LOAN_REQUESTED', idempotency_key: `loan-requested:${loanId}`, status: 'PENDING', payload: { loanId } });
    const audit = await sql`select action, actor_user_id, target_id, changes from audit_log where organisation_id = ${tenant.id} and asset_id = ${assetId!}`;
    expect(audit).toEqual([
      {
        action: 'LOAN_REQUESTED',
        actor_user_id: tenant.employee.id,
        target_id: loanId,
        changes: {
          status: { before: null, after: 'PENDING_APPROVAL' },
          startDate: { before: null, after: day(1) },
          endDate: { before: null, after: day(3) },
          purpose: { before: null, after: 'Client visit' },
        },
      },
    ]);
    expect((await sql`select status, approver_id from loans where id = ${loanId}`)[0]).toEqual({ status: 'PENDING_APPROVAL', approver_id: null });

    await insertLoan(tenant, { assetId: assetId!, requesterId: tenant.manager.id, status: 'APPROVED', startDate: day(10), endDate: day(12) });
    const conflict = await requestLoan(tenant, await tenant.employee.token(), { assetId: assetId!, startDate: day(11), endDate: day(13) });
    expectEnvelope(conflict, 409, 'LOAN_CONFLICT');
    expect(conflict.body.error.details.conflicts).toEqual([{ startDate: day(10), endDate: day(12), status: 'APPROVED' }]);
    expect(await outboxOf(tenant)).toHaveLength(1);
  });

  it('delivery tells each active asset manager once, even when the job runs twice or the fan-out repeats', async () => {
    const { clock, deps } = setUp();
    const tenant = await createTenant();
    const second = await createUser(tenant.id, 'ASSET_MANAGER');
    const retired = await createUser(tenant.id, 'ASSET_MANAGER');
    await sql`update users set is_active = false where id = ${retired.id}`;
    const [assetId] = await insertAssets(tenant, [{ name: 'Drone' }]);
    const loanId = await file(tenant, assetId!, clock.now());

    expect(await deliverOutbox(deps)).toMatchObject({ sent: 2, failed: 0 });
    expect(await deliverOutbox(deps)).toMatchObject({ sent: 0, failed: 0 });
    // A runner that died after fanning out, before settling the event: the lease runs out, the fan-out repeats.
    await sql`update outbox set status = 'PENDING', next_attempt_at = ${clock.now()} where organisation_id = ${tenant.id} and kind = 'LOAN_REQUESTED'`;
    expect(await deliverOutbox(deps)).toMatchObject({ sent: 0, failed: 0 });

    const rows = await outboxOf(tenant);
    expect(rows.map((row) => [row.kind, row.idempotency_key, row.status, row.to])).toEqual(
      [
        ['EMAIL', `loan-requested:${loanId}:${tenant.manager.id}`, 'SENT', emailOf(tenant.manager)],
        ['EMAIL', `loan-requested:${loanId}:${second.id}`, 'SENT', emailOf(second)],
        ['LOAN_REQUESTED', `loan-requested:${loanId}`, 'SENT', null],
      ].sort((a, b) => `${a[0]}${a[1]}`.localeCompare(`${b[0]}${b[1]}`)),
    );
    const messages = sink.messages();
    expect(messages.map((m) => String(m.to).toLowerCase()).sort()).toEqual([emailOf(tenant.manager), emailOf(second)].sort());
    expect(messages.every((m) => m.subject.includes('Drone'))).toBe(true);
    expect(sink.requestCount()).toBe(2);
  });

  it('the named approver alone is told; a named approver now pending registration falls back to the managers', async () => {
    const { clock, deps } = setUp();
    const tenant = await createTenant();
    const named = await createUser(tenant.id, 'ASSET_MANAGER');
    await setPolicy(tenant, { defaultApproverUserId: named.id });
    const [first, second] = await insertAssets(tenant, [{}, {}]);
    const loanId = await file(tenant, first!, clock.now());
    expect((await sql`select approver_id from loans where id = ${loanId}`)[0]!.approver_id).toBe(named.id);
    await deliverOutbox(deps);
    expect((await outboxOf(tenant)).filter((row) => row.kind === 'EMAIL').map((row) => row.to)).toEqual([emailOf(named)]);

    await sql`update persons set sync_status = 'pending_registration' where id = (select person_id from users where id = ${named.id})`;
    const fallback = await file(tenant, second!, clock.now());
    expect((await sql`select approver_id from loans where id = ${fallback}`)[0]!.approver_id).toBeNull();
    await deliverOutbox(deps);
    const told = await sql`select lower(payload ->> 'to') as to from outbox where organisation_id = ${tenant.id} and payload -> 'data' ->> 'loanId' = ${fallback}`;
    expect(told.map((row) => row.to)).toEqual([emailOf(tenant.manager)]);
  });

  it('a restricted approver is not told when the event fans out, and an e-mail written before a restriction is held', async () => {
    const { clock, deps } = setUp();
    const tenant = await createTenant();
    const second = await createUser(tenant.id, 'ASSET_MANAGER');
    const restrict = (user: TestUser, on: boolean) => sql`update persons set processing_restricted = ${on} where id = (select person_id from users where id = ${user.id})`;
    const [first, other] = await insertAssets(tenant, [{}, {}]);

    await restrict(tenant.manager, true);
    const loanId = await file(tenant, first!, clock.now());
    expect(await deliverOutbox(deps)).toMatchObject({ sent: 1, held: 0 });
    expect((await outboxOf(tenant)).filter((row) => row.kind === 'EMAIL').map((row) => [row.idempotency_key, row.to])).toEqual([[`loan-requested:${loanId}:${second.id}`, emailOf(second)]]);

    // Fanned out while unrestricted, restricted before the e-mail went: held, not sent, not failed.
    await restrict(tenant.manager, false);
    const later = await file(tenant, other!, clock.now());
    expect(await fanOutLoanRequests(tenant)).toBe(2);
    await sql`update outbox set next_attempt_at = ${clock.now()} where organisation_id = ${tenant.id} and payload -> 'data' ->> 'loanId' = ${later}`;
    await restrict(tenant.manager, true);
    expect(await deliverOutbox(deps)).toMatchObject({ sent: 1, held: 1 });
    const held = await sql`select status, attempts, last_error from outbox where organisation_id = ${tenant.id} and idempotency_key = ${`loan-requested:${later}:${tenant.manager.id}`}`;
    expect(held).toEqual([{ status: 'PENDING', attempts: 0, last_error: HELD_FOR_RESTRICTION }]);
    expect(sink.messages().map((m) => String(m.to).toLowerCase()).sort()).toEqual([emailOf(second), emailOf(second)]);
  });

  it('a request cancelled before delivery asks nobody', async () => {
    const { clock, deps } = setUp();
    const tenant = await createTenant();
    const [assetId] = await insertAssets(tenant, [{}]);
    const loanId = await file(tenant, assetId!, clock.now());
    await sql`update loans set status = 'CANCELLED', cancelled_at = now() where id = ${loanId}`;
    expect(await deliverOutbox(deps)).toMatchObject({ sent: 0, failed: 0 });
    expect((await outboxOf(tenant)).map((row) => [row.kind, row.status])).toEqual([['LOAN_REQUESTED', 'SENT']]);
  });
});
