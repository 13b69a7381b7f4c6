import { expect, type Page, test } from '@playwright/test';
import { loanCountdown } from '@/lib/lending/loans/loan-countdown';
import { addDays, toIsoDate } from '@/lib/platform/time';
import { ownerSql } from './support/db';
import { tenantUrl } from './support/e2e-state';
import { screenshot } from './support/screenshot';
import { signIn } from './support/sign-in';

const ACME_ID = '0b4c3a7e-0000-4000-8000-00000000ac01';

async function userId(subject: string): Promise<string> {
  const [row] = await ownerSql()`select id from users where organisation_id = ${ACME_ID} and idp_subject = ${subject}`;
  return row!.id as string;
}

/** A fresh request by acme-employee-2 on an AVAILABLE asset nobody has ever booked, so no rule can refuse it. */
async function arrangePendingLoan(purpose: string): Promise<{ loanId: string; assetName: string }> {
  const [asset] = await ownerSql()`
    select a.id, a.name from assets a
    where a.organisation_id = ${ACME_ID} and a.status = 'AVAILABLE'
      and not exists (select 1 from loans l where l.asset_id = a.id)
    order by a.inventory_number limit 1`;
  const start = addDays(toIsoDate(new Date()), 1);
  const [loan] = await ownerSql()`
    insert into loans (organisation_id, asset_id, requester_id, status, start_date, end_date, purpose)
    values (${ACME_ID}, ${asset!.id}, ${await userId('acme-employee-2')}, 'PENDING_APPROVAL', ${start}, ${addDays(start, 2)}, ${purpose})
    returning id`;
  return { loanId: loan!.id as string, assetName: asset!.name as string };
}

async function expectNoGlobexData(page: Page) {
  await expect(page.locator('main')).not.toContainText('GLOBEX-');
  await expect(page.locator('main')).not.toContainText('Globex');
}

test.describe('role dashboards', () => {
  test('an employee sees quick actions, own loans with their countdown, reminders and news', async ({ page }, testInfo) => {
    await signIn(page, 'acme-employee-1');
    const me = await userId('acme-employee-1');
    const today = toIsoDate(new Date());
    const loans = await ownerSql()`
      select a.name, a.inventory_number, l.end_date::text as end_date from loans l join assets a on a.id = l.asset_id
      where l.organisation_id = ${ACME_ID} and l.requester_id = ${me} and l.status in ('APPROVED', 'ACTIVE')
      order by l.end_date, l.id`;
    expect(loans.length).toBeGreaterThanOrEqual(3);

    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Emma' })).toBeVisible();
    const actions = page.getByRole('navigation', { name: 'Quick actions' });
    for (const [name, href] of [
      ['Borrow', '/loans/new'],
      ['Scan QR code', '/scan'],
      ['Return', '/loans?tab=active'],
      ['History', '/loans?tab=history'],
    ] as const) {
      await expect(actions.getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute('href', href);
    }

    const rows = page.getByTestId('my-active-loan');
    await expect(rows).toHaveCount(loans.length);
    for (const [index, loan] of loans.entries()) {
      const countdown = loanCountdown(loan.end_date as string, today);
      const row = rows.nth(index);
      await expect(row.getByTestId('loan-asset-name')).toHaveText(loan.name as string);
      await expect(row).toContainText(loan.inventory_number as string);
      await expect(row.getByTestId('loan-countdown')).toHaveText(countdown.label);
      await expect(row.getByTestId('loan-countdown')).toHaveAttribute('data-tone', countdown.tone);
    }
    // The seed gives Emma one loan of each colour.
    const tones = await rows.getByTestId('loan-countdown').evaluateAll((els) => els.map((el) => el.getAttribute('data-tone')));
    expect(new Set(tones)).toEqual(new Set(['green', 'orange', 'red']));

    const news = await ownerSql()`select title from announcements where organisation_id = ${ACME_ID} order by published_at desc, id desc limit 3`;
    const newsList = page.getByTestId('news-list');
    for (const item of news) await expect(newsList).toContainText(item.title as string);

    const reminders = await ownerSql()`select title, read_at from notifications where organisation_id = ${ACME_ID} and user_id = ${me} order by created_at desc, id desc limit 5`;
    await expect(page.getByTestId('reminder')).toHaveCount(reminders.length);
    // The seed's return reminders are Emma's; other specs may have told her newer things since, so they are looked
    // for among all of hers, and the card shows whichever five are newest.
    const returnReminders = await ownerSql()`select id from notifications where organisation_id = ${ACME_ID} and user_id = ${me} and title like 'Return %'`;
    expect(returnReminders.length).toBeGreaterThan(0);
    for (const reminder of reminders) await expect(page.getByTestId('reminders')).toContainText(reminder.title as string);

    await expect(page.getByRole('heading', { name: 'Approval queue' })).toHaveCount(0);
    await expectNoGlobexData(page);
    await screenshot(page, testInfo, 'dashboard-employee');
  });

  test('an employee marks a reminder as read', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', 'changes data');
    const me = await userId('acme-employee-1');
    const title = `Return the test tripod ${Date.now()}`;
    const [note] = await ownerSql()`
      insert into notifications (organisation_id, user_id, kind, title, body)
      values (${ACME_ID}, ${me}, 'LOAN_REMINDER', ${title}, 'Your loan of the test tripod ends soon.') returning id`;
    await signIn(page, 'acme-employee-1');
    const reminder = page.getByTestId('reminder').filter({ hasText: title });
    await expect(reminder).toHaveAttribute('data-read', 'false');
    await reminder.getByRole('button', { name: `Mark “${title}” as read` }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Marked as read.' })).toBeVisible();
    await expect(reminder).toHaveAttribute('data-read', 'true');
    const [stored] = await ownerSql()`select read_at from notifications where id = ${note!.id}`;
    expect(stored!.read_at).not.toBeNull();
  });

  test('each KPI card is a link to the list it counts', async ({ page }) => {
    await signIn(page, 'acme-manager');
    const figures = page.getByRole('list', { name: 'Key figures' });
    for (const [name, href] of [
      ['Total assets', '/assets'],
      ['Active loans', '/loans?view=active'],
      ['Awaiting approval', '/loans?view=awaiting'],
      ['Overdue', '/loans?view=overdue'],
    ] as const) {
      await expect(figures.getByRole('link', { name: new RegExp(`^${name}: [\\d,]+ `) })).toHaveAttribute('href', href);
    }
    await figures.getByRole('link', { name: /^Total assets/ }).click();
    await expect(page).toHaveURL(/\/assets$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Assets' })).toBeVisible();
  });

  test('a manager sees the KPIs, the approval queue and overdue loans as stored', async ({ page }, testInfo) => {
    await signIn(page, 'acme-manager');
    const manager = await userId('acme-manager');
    const today = toIsoDate(new Date());
    const [kpis] = await ownerSql()`
      select (select count(*)::int from assets where organisation_id = ${ACME_ID}) as total,
             count(*) filter (where status = 'ACTIVE')::int as active,
             count(*) filter (where status = 'PENDING_APPROVAL' or (status in ('APPROVED', 'ACTIVE') and extension_requested_end_date is not null))::int as pending,
             count(*) filter (where status = 'ACTIVE' and end_date < ${today}::date)::int as overdue
      from loans where organisation_id = ${ACME_ID}`;
    await expect(page.getByRole('heading', { level: 1, name: 'Asset management' })).toBeVisible();
    await expect(page.getByTestId('kpi-totalAssets')).toHaveText(kpis!.total.toLocaleString('en-GB'));
    await expect(page.getByTestId('kpi-activeLoans')).toHaveText(String(kpis!.active));
    await expect(page.getByTestId('kpi-awaitingApproval')).toHaveText(String(kpis!.pending));
    await expect(page.getByTestId('kpi-overdue')).toHaveText(String(kpis!.overdue));
    expect(kpis!.overdue).toBeGreaterThan(0);

    const queue = await ownerSql()`
      select l.id from loans l where l.organisation_id = ${ACME_ID}
        and (l.status = 'PENDING_APPROVAL' or (l.status in ('APPROVED', 'ACTIVE') and l.extension_requested_end_date is not null))
        and l.requester_id <> ${manager} and (l.approver_id is null or l.approver_id = ${manager})
      order by case when l.status = 'PENDING_APPROVAL' then l.start_date else l.end_date end, l.created_at, l.id limit 20`;
    const queued = await page.getByTestId('approval-request').evaluateAll((els) => els.map((el) => el.getAttribute('data-loan-id')));
    expect(queued).toEqual(queue.map((q) => q.id));

    const overdue = await ownerSql()`
      select l.id, u.email, a.name from loans l join users u on u.id = l.requester_id join assets a on a.id = l.asset_id
      where l.organisation_id = ${ACME_ID} and l.status = 'ACTIVE' and l.end_date < ${today}::date order by l.end_date, l.id`;
    const overdueRows = page.getByTestId('overdue-loan');
    await expect(overdueRows).toHaveCount(overdue.length);
    const first = overdueRows.first();
    await expect(first).toContainText(overdue[0]!.name as string);
    const mailto = await first.getByRole('link', { name: /^E-mail / }).getAttribute('href');
    expect(mailto).toMatch(new RegExp(`^mailto:${encodeURIComponent(overdue[0]!.email as string)}\\?subject=Overdue`));
    await expect(page.getByRole('link', { name: 'Add asset' })).toHaveAttribute('href', '/assets/new');

    await expect(page.getByRole('heading', { name: 'System health' })).toHaveCount(0);
    await expectNoGlobexData(page);
    await screenshot(page, testInfo, 'dashboard-manager');
  });

  test('a manager approves a request with one click', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', 'changes data');
    const { loanId, assetName } = await arrangePendingLoan('E2E approval');
    await signIn(page, 'acme-manager');
    const row = page.locator(`[data-testid="approval-request"][data-loan-id="${loanId}"]`);
    await row.getByRole('button', { name: `Approve Eli Novak’s request for ${assetName}` }).click();
    await expect(page.getByRole('status').filter({ hasText: `Approved Eli Novak’s request for ${assetName}.` })).toBeVisible();
    await expect(row).toHaveCount(0);
    const [stored] = await ownerSql()`select status, decided_by_id from loans where id = ${loanId}`;
    expect(stored).toEqual({ status: 'APPROVED', decided_by_id: await userId('acme-manager') });
    const audit = await ownerSql()`select actor_user_id from audit_log where target_id = ${loanId} and action = 'LOAN_APPROVED'`;
    expect(audit).toEqual([{ actor_user_id: await userId('acme-manager') }]);
  });

  test('a manager rejects a request with a short reason', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', 'changes data');
    const { loanId, assetName } = await arrangePendingLoan('E2E rejection');
    await signIn(page, 'acme-manager');
    const row = page.locator(`[data-testid="approval-request"][data-loan-id="${loanId}"]`);
    await row.getByRole('button', { name: `Reject Eli Novak’s request for ${assetName}` }).click();
    await row.getByLabel('Reason for the borrower').fill('Booked for the stock-take');
    await row.getByRole('button', { name: 'Reject request' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Rejected Eli Novak’s request for ${assetName}.` })).toBeVisible();
    await expect(row).toHaveCount(0);
    const [stored] = await ownerSql()`select status, decided_by_id, rejection_reason from loans where id = ${loanId}`;
    expect(stored).toEqual({ status: 'REJECTED', decided_by_id: await userId('acme-manager'), rejection_reason: 'Booked for the stock-take' });
    const audit = await ownerSql()`select actor_user_id from audit_log where target_id = ${loanId} and action = 'LOAN_REJECTED'`;
    expect(audit).toHaveLength(1);
  });

  test('a decision someone else made first is explained in words', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', 'changes data');
    const { loanId, assetName } = await arrangePendingLoan('E2E late decision');
    await signIn(page, 'acme-manager');
    await ownerSql()`update loans set status = 'CANCELLED', cancelled_at = now() where id = ${loanId}`;
    const row = page.locator(`[data-testid="approval-request"][data-loan-id="${loanId}"]`);
    await row.getByRole('button', { name: `Approve Eli Novak’s request for ${assetName}` }).click();
    await expect(row.getByRole('alert')).toHaveText('This request was already decided or withdrawn.');
    const [stored] = await ownerSql()`select status from loans where id = ${loanId}`;
    expect(stored!.status).toBe('CANCELLED');
  });

  test('an admin sees system health, tenant info, shortcuts and the latest audit entries', async ({ page }, testInfo) => {
    await signIn(page, 'acme-admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Administration overview' })).toBeVisible();
    const [counts] = await ownerSql()`
      select (select count(*)::int from users where organisation_id = ${ACME_ID}) as users,
             (select count(*)::int from audit_log where organisation_id = ${ACME_ID}) as audit`;
    await expect(page.getByTestId('health-users')).toHaveText(counts!.users.toLocaleString('en-GB'));
    await expect(page.getByTestId('health-audit')).toHaveText(counts!.audit.toLocaleString('en-GB'));
    await expect(page.getByTestId('health-storage')).toHaveText(/^\d+(\.\d)? (KB|MB)$/);
    await expect(page.getByText('Storage (approx.)')).toBeVisible();
    await expect(page.getByTestId('tenant-name')).toHaveText('Acme Corporation');
    await expect(page.getByTestId('tenant-domain')).toHaveText('acme.localhost');
    await expect(page.getByTestId('tenant-plan')).toHaveText('Pro Standard');
    await expect(page.getByTestId('tenant-retention')).toHaveText('7 years (2,557 days)');
    const shortcuts = page.getByRole('navigation', { name: 'Administration shortcuts' });
    for (const [name, href] of [
      ['Invite user', '/admin/users?invite=1'],
      ['Manage roles', '/admin/users'],
      ['Audit log', '/admin/audit-log'],
      ['Backup', '/admin/backup'],
    ] as const) {
      await expect(shortcuts.getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute('href', href);
    }
    const latest = await ownerSql()`select action from audit_log where organisation_id = ${ACME_ID} order by occurred_at desc, id desc limit 8`;
    const shown = await page.getByTestId('audit-entry').evaluateAll((els) => els.map((el) => el.getAttribute('data-action')));
    expect(shown).toEqual(latest.map((e) => e.action));
    await expect(page.getByRole('heading', { name: 'Approval queue' })).toHaveCount(0);
    await expectNoGlobexData(page);
    await screenshot(page, testInfo, 'dashboard-admin');
  });

  test('an admin publishes and deletes news, audited, and employees see it', async ({ page, browser }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', 'changes data');
    await signIn(page, 'acme-admin', { path: '/admin/news' });
    await page.getByRole('button', { name: 'Publish news' }).click();
    await expect(page.getByText('Give the news a title of at least 3 characters.')).toBeVisible();
    const title = `Canteen closed on Friday ${Date.now()}`;
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Text').fill('short');
    await page.getByRole('button', { name: 'Publish news' }).click();
    await expect(page.getByText('Write at least a sentence (10 characters).')).toBeVisible();
    await expect(page.getByLabel('Title')).toHaveValue(title);
    await page.getByLabel('Text').fill('The canteen is closed for maintenance; the café on the ground floor stays open.');
    await page.getByRole('button', { name: 'Publish news' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Published.' })).toBeVisible();
    await expect(page.getByTestId('published-news')).toContainText(title);
    const [stored] = await ownerSql()`select id, author_user_id from announcements where organisation_id = ${ACME_ID} and title = ${title}`;
    expect(stored!.author_user_id).toBe(await userId('acme-admin'));
    const published = await ownerSql()`select 1 from audit_log where target_id = ${stored!.id} and action = 'ANNOUNCEMENT_PUBLISHED'`;
    expect(published).toHaveLength(1);
    await screenshot(page, testInfo, 'admin-news');

    const employee = await browser.newPage();
    await signIn(employee, 'acme-employee-2');
    await expect(employee.getByTestId('news-list')).toContainText(title);
    await employee.close();

    await page.getByRole('button', { name: `Delete “${title}”` }).click();
    await expect(page.getByTestId('published-news')).not.toContainText(title);
    expect(await ownerSql()`select 1 from announcements where id = ${stored!.id}`).toHaveLength(0);
    const deleted = await ownerSql()`select changes from audit_log where target_id = ${stored!.id} and action = 'ANNOUNCEMENT_DELETED'`;
    expect(deleted).toHaveLength(1);
    expect(deleted[0]!.changes.title).toEqual({ before: title, after: null });
  });

  test('news administration is for admins only', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', 'navigation is the same on every width');
    await signIn(page, 'acme-manager');
    const response = await page.goto(tenantUrl('acme', '/admin/news'));
    expect(response?.status()).toBe(403);
  });
});
