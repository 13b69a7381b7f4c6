import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Tx } from '@/db/client';
import { createLoan } from '@/lib/lending/loans/create-loan';
import { createContext, type RequestContext } from '@/lib/platform/core/context';
import { countUnreadNotifications } from '@/lib/platform/notifications/count-unread-notifications';
import { listNotifications, markNotificationRead } from '@/lib/platform/notifications/in-app';
import { markAllNotificationsRead } from '@/lib/platform/notifications/mark-all-notifications-read';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';
import { notifyWebhookFailed } from '@/lib/platform/webhooks/notify-webhook-failed';
import { notifyOverdueErasureRequests } from '@/lib/privacy/jobs/notify-overdue-erasure-requests';
import { alertSyncConflict } from '@/lib/registry/mirror/alert-sync-conflict';
import { describeFiledRequest } from '@/lib/transport/portal/describe-filed-request';
import { createPerson, createTenant, createUser, insertAssets, ownerDb, type TestTenant, type TestUser } from '../../../support/factories';
import { jobDb, testClock } from '../../../support/job-db';
import { day, setPolicy } from '../../lending/loans/loan-helpers';

const sql = ownerDb();
const db = jobDb();

/** A signed-in user's context, as the portal and the API build it. */
async function contextOf(tenant: TestTenant, user: TestUser, now = new Date()): Promise<RequestContext> {
  const [row] = await sql`select u.person_id, o.slug, o.name from users u join organisations o on o.id = u.organisation_id where u.id = ${user.id}`;
  const organisation = { id: tenant.id, slug: row!.slug as string, name: row!.name as string, planTier: 'ENTERPRISE' as const, customRateLimits: null, customDomain: null };
  return createContext({ organisation, user: { id: user.id, personId: row!.person_id as string, role: user.role, duties: [] }, now }).ctx;
}

async function as<T>(tenant: TestTenant, user: TestUser, fn: (tx: Tx, ctx: RequestContext) => Promise<T>): Promise<T> {
  const ctx = await contextOf(tenant, user);
  return withTenant(db, tenant.id, (tx) => fn(tx, ctx));
}

async function stored(tenantId: string, kind: string) {
  return sql`select user_id, title, body, loan_id, link, read_at from notifications where organisation_id = ${tenantId} and kind = ${kind} order by user_id`;
}

const sorted = (ids: string[]) => [...ids].sort();

async function turnInAppOff(user: TestUser): Promise<void> {
  await sql`update persons set preferences = jsonb_set(preferences, '{channels}', coalesce(preferences -> 'channels', '{}'::jsonb) || '{"inApp": false}'::jsonb)
    where id = (select person_id from users where id = ${user.id})`;
}

describe('a new loan request reaches its approvers in the app, in the request’s transaction', () => {
  it('with no named approver: every active asset manager, not the admin, the requester or an inactive manager; one who turned in-app off is left out and not named', async () => {
    const tenant = await createTenant();
    const [second, silent, inactive] = await Promise.all([createUser(tenant.id, 'ASSET_MANAGER'), createUser(tenant.id, 'ASSET_MANAGER'), createUser(tenant.id, 'ASSET_MANAGER')]);
    await turnInAppOff(silent);
    await sql`update users set is_active = false where id = ${inactive.id}`;
    await sql`update persons set first_name = 'Mara', last_name = 'Quist' where id = (select person_id from users where id = ${second.id})`;
    const [assetId] = await insertAssets(tenant, [{ name: 'Field camera' }]);

    const created = await as(tenant, tenant.employee, (tx, ctx) => createLoan(tx, ctx, { assetId: assetId!, startDate: day(2), endDate: day(4), purpose: 'Match day' }));

    expect(created.loan.status).toBe('PENDING_APPROVAL');
    const rows = await stored(tenant.id, 'LOAN_REQUESTED');
    expect(rows.map((row) => row.user_id)).toEqual(sorted([tenant.manager.id, second.id]));
    for (const row of rows) {
      expect(row).toMatchObject({ loan_id: created.loan.id, link: null, read_at: null, title: 'New request: Field camera' });
      expect(row.body).toContain('Test EMPLOYEE asks to borrow Field camera from');
      expect(row.body).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    }
    expect(sorted(created.notice.notifiedInApp)).toEqual(sorted(['Test ASSET_MANAGER', 'Mara Quist']));

    // The requester's confirmation names exactly those told in the app.
    const told = await as(tenant, tenant.employee, (tx, ctx) => describeFiledRequest(tx, ctx, created.loan.id));
    expect(told).toMatch(/^(Mara Quist and Test ASSET_MANAGER|Test ASSET_MANAGER and Mara Quist) will see it in their notifications\.$/);

    // The approver's inbox links the notification to the loan.
    const page = await as(tenant, tenant.manager, (tx, ctx) => listNotifications(tx, ctx, { limit: 10 }));
    expect(page.data).toEqual([expect.objectContaining({ kind: 'LOAN_REQUESTED', loanId: created.loan.id, link: `/loans/${created.loan.id}`, readAt: null })]);
    expect(await as(tenant, tenant.admin, (tx, ctx) => countUnreadNotifications(tx, ctx))).toBe(0);
  });

  it('with a named approver: that person only; an automatic approval asks nobody', async () => {
    const tenant = await createTenant();
    await setPolicy(tenant, { requireApproval: true, approverRules: [], defaultApproverUserId: tenant.admin.id, extensions: 'REQUIRES_APPROVAL', maxLoanDays: 30, maxAdvanceBookingDays: 90 });
    const [first, second] = await insertAssets(tenant, [{ name: 'Tripod' }, { name: 'Ball pump' }]);

    const named = await as(tenant, tenant.employee, (tx, ctx) => createLoan(tx, ctx, { assetId: first!, startDate: day(1), endDate: day(2), purpose: 'Training' }));
    expect((await stored(tenant.id, 'LOAN_REQUESTED')).map((row) => row.user_id)).toEqual([tenant.admin.id]);
    expect(named.notice.notifiedInApp).toEqual(['Test ADMIN']);

    await setPolicy(tenant, { requireApproval: false, approverRules: [], defaultApproverUserId: null, extensions: 'REQUIRES_APPROVAL', maxLoanDays: 30, maxAdvanceBookingDays: 90 });
    const automatic = await as(tenant, tenant.employee, (tx, ctx) => createLoan(tx, ctx, { assetId: second!, startDate: day(1), endDate: day(2), purpose: 'Training' }));
    expect(automatic.loan.status).toBe('APPROVED');
    expect(await stored(tenant.id, 'LOAN_REQUESTED')).toHaveLength(1);
  });
});

describe('an overdue erasure request reaches the admins, once per request', () => {
  it('tells every active admin but the subject, in words with a link, marks the request told, and tells nobody again', async () => {
    const tenant = await createTenant();
    const otherAdmin = await createUser(tenant.id, 'ADMIN');
    const subjectAdmin = await createUser(tenant.id, 'ADMIN');
    const clock = testClock('2026-03-20T10:00:00Z');
    const subject = await createPerson(tenant.id, { first_name: 'Ottilie', last_name: 'Overdue' });
    const onTime = await createPerson(tenant.id, { first_name: 'Timely', last_name: 'Person' });
    const [subjectOfAdmin] = await sql`select person_id from users where id = ${subjectAdmin.id}`;
    const [overdue] = await sql`insert into data_deletion_requests (organisation_id, person_id, requested_at, status, scope, legal_due_at)
      values (${tenant.id}, ${subject}, '2026-02-10T09:00:00Z', 'pending', 'full', '2026-03-12T09:00:00Z') returning id`;
    const [ownRequest] = await sql`insert into data_deletion_requests (organisation_id, person_id, requested_at, status, scope, legal_due_at)
      values (${tenant.id}, ${subjectOfAdmin!.person_id}, '2026-02-10T09:00:00Z', 'pending', 'full', '2026-03-12T09:00:00Z') returning id`;
    await sql`insert into data_deletion_requests (organisation_id, person_id, requested_at, status, scope, legal_due_at)
      values (${tenant.id}, ${onTime}, '2026-03-15T09:00:00Z', 'pending', 'full', '2026-04-14T09:00:00Z')`;

    const first = await notifyOverdueErasureRequests({ db, now: clock.now });
    expect(first.notified).toBeGreaterThanOrEqual(2);

    const rows = await stored(tenant.id, 'DATA_DELETION_OVERDUE');
    const aboutOttilie = rows.filter((row) => row.link === `/admin/erasure-requests/${overdue!.id}`);
    expect(aboutOttilie.map((row) => row.user_id)).toEqual(sorted([tenant.admin.id, otherAdmin.id, subjectAdmin.id]));
    expect(aboutOttilie[0]).toMatchObject({ title: 'Erasure request overdue: Ottilie Overdue', loan_id: null, read_at: null });
    expect(aboutOttilie[0]!.body).toBe(
      "The request to erase the data of Ottilie Overdue, filed on 10 Feb 2026, is past its 30-day legal limit, 12 Mar 2026. It still waits for an administrator to check the person's identity and verify it, or to reject it.",
    );
    // The admin whose own data the other request is about is not told of it; the others are.
    const aboutOwn = rows.filter((row) => row.link === `/admin/erasure-requests/${ownRequest!.id}`);
    expect(aboutOwn.map((row) => row.user_id)).toEqual(sorted([tenant.admin.id, otherAdmin.id]));
    // Managers and employees are never told; the request within its limits is not either.
    expect(rows.every((row) => [tenant.admin.id, otherAdmin.id, subjectAdmin.id].includes(row.user_id as string))).toBe(true);
    expect(rows).toHaveLength(5);
    const marks = await sql`select person_id, overdue_notified_at from data_deletion_requests where organisation_id = ${tenant.id} order by requested_at`;
    expect(marks.filter((row) => row.overdue_notified_at !== null).map((row) => row.person_id)).toEqual(expect.arrayContaining([subject, subjectOfAdmin!.person_id]));
    expect(marks.find((row) => row.person_id === onTime)!.overdue_notified_at).toBeNull();

    clock.advance(60 * 60_000);
    await notifyOverdueErasureRequests({ db, now: clock.now });
    expect(await stored(tenant.id, 'DATA_DELETION_OVERDUE')).toHaveLength(5);
  });
});

describe('a registry conflict reaches the admins in words, with a link to the conflicts', () => {
  it('names the fields in words, not the registry identifier or field names, and tells admins only', async () => {
    const tenant = await createTenant();
    const personId = await createPerson(tenant.id, { first_name: 'Conrad', last_name: 'Clash' });
    await withTenant(db, tenant.id, (tx) =>
      alertSyncConflict(tx, { organisationId: tenant.id }, { personId, personName: 'Conrad Clash', registryId: 'REG-998877', fields: ['lastName', 'birthDate'], registryVersion: 3 }),
    );
    const rows = await stored(tenant.id, 'REGISTRY_SYNC_CONFLICT');
    expect(rows).toEqual([
      {
        user_id: tenant.admin.id,
        title: 'Registry conflict: Conrad Clash',
        body: "The sports registry changed the last name and birth date of Conrad Clash, which had also been changed here. The registry's values apply; please review them.",
        loan_id: null,
        link: '/admin/registry/conflicts',
        read_at: null,
      },
    ]);
  });
});

describe('a webhook endpoint that failed reaches the admins, once until read', () => {
  it('tells each active admin once while unread, again after they read it, and never a manager', async () => {
    const tenant = await createTenant();
    const [endpoint] = await sql`insert into webhook_endpoints (organisation_id, url, description, event_types, secret)
      values (${tenant.id}, 'https://hooks.example.test/quartermaster', 'Club website', ${['loan.requested']}, ${randomBytes(48)}) returning id`;
    const notify = () => withTenant(db, tenant.id, (tx) => notifyWebhookFailed(tx, tenant.id, endpoint!.id as string, 8));

    expect(await notify()).toBe(1);
    expect(await notify()).toBe(0);
    const rows = await stored(tenant.id, 'WEBHOOK_DELIVERY_FAILED');
    expect(rows).toEqual([
      {
        user_id: tenant.admin.id,
        title: 'Webhook not delivered: Club website',
        body: "An event could not be delivered to https://hooks.example.test/quartermaster after 8 attempts, and will not be tried again. Check that the receiver is up, then send it again from the endpoint's page.",
        loan_id: null,
        link: `/admin/webhooks/${endpoint!.id}`,
        read_at: null,
      },
    ]);

    await sql`update notifications set read_at = now() where organisation_id = ${tenant.id} and kind = 'WEBHOOK_DELIVERY_FAILED'`;
    expect(await notify()).toBe(1);
    expect(await stored(tenant.id, 'WEBHOOK_DELIVERY_FAILED')).toHaveLength(2);
  });
});

describe('the inbox: unread count, mark read, mark all read', () => {
  it("counts and marks the caller's own only; another person's notification is not found", async () => {
    const tenant = await createTenant();
    const insert = (userId: string, title: string) =>
      sql`insert into notifications (organisation_id, user_id, kind, title, body) values (${tenant.id}, ${userId}, 'LOAN_REMINDER', ${title}, 'Body') returning id`;
    const [mine] = await insert(tenant.employee.id, 'Mine one');
    await insert(tenant.employee.id, 'Mine two');
    const [theirs] = await insert(tenant.manager.id, 'Theirs');

    expect(await as(tenant, tenant.employee, (tx, ctx) => countUnreadNotifications(tx, ctx))).toBe(2);
    await expect(as(tenant, tenant.employee, (tx, ctx) => markNotificationRead(tx, ctx, theirs!.id as string))).rejects.toMatchObject({ code: 'NOTIFICATION_NOT_FOUND' });
    await as(tenant, tenant.employee, (tx, ctx) => markNotificationRead(tx, ctx, mine!.id as string));
    expect(await as(tenant, tenant.employee, (tx, ctx) => countUnreadNotifications(tx, ctx))).toBe(1);

    expect(await as(tenant, tenant.employee, (tx, ctx) => markAllNotificationsRead(tx, ctx))).toEqual({ marked: 1 });
    expect(await as(tenant, tenant.employee, (tx, ctx) => markAllNotificationsRead(tx, ctx))).toEqual({ marked: 0 });
    const left = await sql`select user_id, read_at from notifications where organisation_id = ${tenant.id} and read_at is null`;
    expect(left).toEqual([{ user_id: tenant.manager.id, read_at: null }]);

    // Another tenant's notifications are none of this tenant's business.
    const other = await createTenant();
    await expect(as(other, other.admin, (tx, ctx) => markNotificationRead(tx, ctx, theirs!.id as string))).rejects.toMatchObject({ code: 'NOTIFICATION_NOT_FOUND' });
    expect(await as(other, other.admin, (tx, ctx) => markAllNotificationsRead(tx, ctx))).toEqual({ marked: 0 });
    expect((await sql`select read_at from notifications where id = ${theirs!.id}`)[0]).toEqual({ read_at: null });
  });
});
