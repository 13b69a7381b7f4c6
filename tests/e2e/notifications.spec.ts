import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import * as schema from '@/db/schema';
import { addDays, toIsoDate } from '@/lib/platform/time';
import { notifyOverdueErasureRequests } from '@/lib/privacy/jobs/notify-overdue-erasure-requests';
import { ownerSql } from './support/db';
import { e2eState, tenantUrl } from './support/e2e-state';
import { screenshot } from './support/screenshot';
import { signIn } from './support/sign-in';
import { apiAs } from './support/tenant-api';

const ACME_ID = '0b4c3a7e-0000-4000-8000-00000000ac01';

async function userId(subject: string): Promise<string> {
  const [row] = await ownerSql()`select id from users where organisation_id = ${ACME_ID} and idp_subject = ${subject}`;
  return row!.id as string;
}

async function unreadOf(user: string): Promise<number> {
  const [row] = await ownerSql()`select count(*)::int as unread from notifications where organisation_id = ${ACME_ID} and user_id = ${user} and read_at is null`;
  return row!.unread as number;
}

const bellLabel = (unread: number) => (unread === 0 ? 'Notifications, none unread' : `Notifications, ${unread} unread`);

async function expectBell(page: Page, user: string): Promise<number> {
  const unread = await unreadOf(user);
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAttribute('aria-label', bellLabel(unread));
  if (unread > 0) await expect(bell.getByTestId('notification-count')).toHaveText(unread > 99 ? '99+' : String(unread));
  else await expect(bell.getByTestId('notification-count')).toHaveCount(0);
  return unread;
}

async function createAsset(name: string): Promise<string> {
  const [asset] = await ownerSql()`
    insert into assets (organisation_id, name, category_id, location_id, status, inventory_number)
    select organisation_id, ${name}, category_id, location_id, 'AVAILABLE', ${`ACME-INBOX-${randomUUID().slice(0, 8).toUpperCase()}`}
    from assets where organisation_id = ${ACME_ID} limit 1
    returning id`;
  return asset!.id as string;
}

test.describe('the inbox', () => {
  test('an employee files a request; the approver sees the bell go up, follows the link to the loan and marks it read', async ({ page }, testInfo) => {
    const stamp = randomUUID().slice(0, 6);
    const assetName = `Inbox Tripod ${stamp}`;
    const assetId = await createAsset(assetName);
    const [manager, employee] = await Promise.all([userId('acme-manager'), userId('acme-employee-1')]);
    const before = await unreadOf(manager);
    const today = toIsoDate(new Date());

    await signIn(page, 'acme-employee-1', { path: `/loans/new?assetId=${assetId}&step=3&start=${addDays(today, 1)}&end=${addDays(today, 2)}` });
    await page.getByLabel('What do you need it for?').fill(`Away match ${stamp}`);
    await page.getByRole('button', { name: 'Send request' }).click();
    await page.waitForURL(/\/loans\/[0-9a-f-]{36}\?filed=(emailed|queued)$/);
    const loanId = new URL(page.url()).pathname.split('/').pop()!;

    // Written with the request, to its approvers only, and the confirmation names exactly those people.
    const told = await ownerSql()`
      select n.user_id, p.first_name || ' ' || p.last_name as name, n.title, n.read_at from notifications n
      join users u on u.organisation_id = n.organisation_id and u.id = n.user_id join persons p on p.organisation_id = u.organisation_id and p.id = u.person_id
      where n.organisation_id = ${ACME_ID} and n.loan_id = ${loanId} and n.kind = 'LOAN_REQUESTED'`;
    expect(told.map((row) => row.user_id)).toContain(manager);
    expect(told.map((row) => row.user_id)).not.toContain(employee);
    expect(told.every((row) => row.title === `New request: ${assetName}` && row.read_at === null)).toBe(true);
    const confirmation = page.getByRole('status').filter({ hasText: 'Request sent.' });
    for (const row of told) await expect(confirmation).toContainText(row.name as string);
    const managers = await ownerSql()`select p.first_name || ' ' || p.last_name as name from users u join persons p on p.organisation_id = u.organisation_id and p.id = u.person_id
      where u.organisation_id = ${ACME_ID} and u.role in ('ASSET_MANAGER', 'ADMIN') and u.id not in ${ownerSql()(told.map((row) => row.user_id as string))}`;
    for (const other of managers) await expect(confirmation).not.toContainText(other.name as string);
    await screenshot(page, testInfo, 'notifications-request-filed');

    await page.context().clearCookies();
    await signIn(page, 'acme-manager');
    expect(await expectBell(page, manager)).toBe(before + 1);
    await screenshot(page, testInfo, 'notifications-bell-manager-dashboard');

    await page.getByTestId('notification-bell').click();
    await page.waitForURL((url) => url.pathname === '/notifications');
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    const item = page.getByTestId('notification').filter({ hasText: `New request: ${assetName}` });
    await expect(item).toHaveAttribute('data-read', 'false');
    await expect(item).toContainText('Emma Stone asks to borrow');
    await expect(item).toContainText(/Just now|minutes? ago/);
    await expect(item).not.toContainText(/\d{4}-\d{2}-\d{2}|UTC/);
    await screenshot(page, testInfo, 'notifications-inbox-manager');

    await item.getByRole('link', { name: 'Open the request' }).click();
    await page.waitForURL((url) => url.pathname === `/loans/${loanId}`);
    await expect(page.getByRole('heading', { level: 1, name: assetName })).toBeVisible();

    await page.goto(tenantUrl('acme', '/notifications'));
    await item.getByRole('button', { name: `Mark “New request: ${assetName}” as read` }).click();
    await expect(item).toHaveAttribute('data-read', 'true');
    const [mine] = await ownerSql()`select read_at from notifications where loan_id = ${loanId} and user_id = ${manager} and kind = 'LOAN_REQUESTED'`;
    expect(mine!.read_at).toBeInstanceOf(Date);
    await expectBell(page, manager);

    // A wrong turn and its correction: a notification gone in the meantime says so in words; the page then drops it.
    const [stale] = await ownerSql()`insert into notifications (organisation_id, user_id, kind, title, body) values (${ACME_ID}, ${manager}, 'LOAN_REMINDER', ${`Gone soon ${stamp}`}, 'About to be withdrawn.') returning id`;
    await page.reload();
    const staleItem = page.getByTestId('notification').filter({ hasText: `Gone soon ${stamp}` });
    await expect(staleItem).toHaveAttribute('data-read', 'false');
    await ownerSql()`delete from notifications where id = ${stale!.id}`;
    await staleItem.getByRole('button', { name: `Mark “Gone soon ${stamp}” as read` }).click();
    await expect(staleItem.getByRole('alert')).toHaveText('This notification no longer exists.');
    await screenshot(page, testInfo, 'notifications-inbox-gone');
    await page.reload();
    await expect(staleItem).toHaveCount(0);
    // A garbled page address goes back to the first page.
    await page.goto(tenantUrl('acme', '/notifications?cursor=not-a-cursor'));
    await page.waitForURL((url) => url.pathname === '/notifications' && url.search === '');
    await expect(item).toBeVisible();

    // Nobody marks another person's notification read: not found, and it stays unread.
    const [theirs] = await ownerSql()`insert into notifications (organisation_id, user_id, kind, title, body) values (${ACME_ID}, ${manager}, 'LOAN_REMINDER', ${`Only mine ${stamp}`}, 'Private.') returning id`;
    const refused = await apiAs('acme-employee-1', 'POST', `/api/v1/notifications/${theirs!.id}/read`);
    expect(refused.status).toBe(404);
    expect(refused.body.error.code).toBe('NOTIFICATION_NOT_FOUND');
    const listed = await apiAs('acme-employee-1', 'GET', '/api/v1/notifications?limit=100');
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((n: { id: string }) => n.id)).not.toContain(theirs!.id);
    const allMine = await apiAs('acme-employee-1', 'POST', '/api/v1/notifications/read-all');
    expect(allMine.status).toBe(200);
    expect((await ownerSql()`select read_at from notifications where id = ${theirs!.id}`)[0]).toEqual({ read_at: null });

    await page.reload();
    const unread = await expectBell(page, manager);
    expect(unread).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(page.getByRole('status').filter({ hasText: unread === 1 ? 'Marked 1 notification as read.' : `Marked ${unread} notifications as read.` })).toBeVisible();
    expect(await unreadOf(manager)).toBe(0);
    await expectBell(page, manager);
    await expect(page.getByText('You are all caught up.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    await screenshot(page, testInfo, 'notifications-inbox-all-read');

    // Signed out, the inbox asks to sign in first.
    await page.context().clearCookies();
    await page.goto(tenantUrl('acme', '/notifications'));
    await expect(page).toHaveURL(/\/login/);
  });

  test('an admin is told of an overdue erasure request and opens it; a manager is not told and may not open it', async ({ page }, testInfo) => {
    const stamp = randomUUID().slice(0, 6);
    const lastName = `Overdue ${stamp}`;
    const [person] = await ownerSql()`insert into persons (organisation_id, first_name, last_name) values (${ACME_ID}, 'Ottilie', ${lastName}) returning id`;
    const [request] = await ownerSql()`insert into data_deletion_requests (organisation_id, person_id, requested_at, status, scope, legal_due_at)
      values (${ACME_ID}, ${person!.id}, now() - interval '40 days', 'pending', 'full', now() - interval '10 days') returning id`;
    const requestId = request!.id as string;

    const sql = postgres(e2eState().appDatabaseUrl, { max: 1, onnotice: () => {} });
    try {
      await notifyOverdueErasureRequests({ db: drizzle(sql, { schema }), now: () => new Date() });
    } finally {
      await sql.end();
    }
    const told = await ownerSql()`select u.role, u.idp_subject from notifications n join users u on u.organisation_id = n.organisation_id and u.id = n.user_id
      where n.organisation_id = ${ACME_ID} and n.kind = 'DATA_DELETION_OVERDUE' and n.link = ${`/admin/erasure-requests/${requestId}`}`;
    expect(told.map((row) => row.idp_subject)).toContain('acme-admin');
    expect(told.every((row) => row.role === 'ADMIN')).toBe(true);
    expect((await ownerSql()`select overdue_notified_at from data_deletion_requests where id = ${requestId}`)[0]!.overdue_notified_at).toBeInstanceOf(Date);

    const title = `Erasure request overdue: Ottilie ${lastName}`;
    await signIn(page, 'acme-admin');
    const admin = await userId('acme-admin');
    expect(await expectBell(page, admin)).toBeGreaterThan(0);
    await page.getByTestId('notification-bell').click();
    await page.waitForURL((url) => url.pathname === '/notifications');
    const item = page.getByTestId('notification').filter({ hasText: title });
    await expect(item).toHaveAttribute('data-read', 'false');
    await expect(item).toContainText('past its 30-day legal limit');
    await page.getByRole('navigation', { name: 'Show' }).getByRole('link', { name: 'Unread', exact: true }).click();
    await page.waitForURL(/show=unread/);
    await expect(item).toBeVisible();
    await screenshot(page, testInfo, 'notifications-inbox-admin');
    await item.getByRole('link', { name: 'Open the erasure request' }).click();
    await page.waitForURL((url) => url.pathname === `/admin/erasure-requests/${requestId}`);
    await expect(page.locator('main')).toContainText(`Ottilie ${lastName}`);

    await page.context().clearCookies();
    await signIn(page, 'acme-manager', { path: '/notifications' });
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    await expect(page.getByTestId('notification').filter({ hasText: title })).toHaveCount(0);
    const forbidden = await page.goto(tenantUrl('acme', `/admin/erasure-requests/${requestId}`));
    expect(forbidden?.status()).toBe(403);
  });

  test('news reaches the dashboards of every role it says it reaches', async ({ page }, testInfo) => {
    const stamp = randomUUID().slice(0, 6);
    const title = `Pitch closed ${stamp}`;
    await signIn(page, 'acme-admin', { path: '/admin/news' });
    await expect(page.getByText('Announcements appear on everyone’s dashboard, employees, asset managers and administrators alike, newest first.')).toBeVisible();
    await page.getByRole('button', { name: 'Publish news' }).click();
    await expect(page.getByText('Give the news a title of at least 3 characters.')).toBeVisible();
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Text').fill('The lower pitch is closed for reseeding until the end of the month.');
    await page.getByRole('button', { name: 'Publish news' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Published.' })).toBeVisible();
    await expect(page.getByTestId('published-news-item').filter({ hasText: title })).toBeVisible();
    expect((await ownerSql()`select count(*)::int as n from announcements where organisation_id = ${ACME_ID} and title = ${title}`)[0]!.n).toBe(1);

    for (const account of ['acme-admin', 'acme-manager', 'acme-employee-1']) {
      await page.context().clearCookies();
      await signIn(page, account);
      await expect(page.getByRole('region', { name: 'Latest news' }).getByRole('heading', { name: title })).toBeVisible();
      await screenshot(page, testInfo, `notifications-news-${account}`);
    }
    // The other specs count the seeded news.
    await ownerSql()`delete from announcements where organisation_id = ${ACME_ID} and title = ${title}`;
  });
});
