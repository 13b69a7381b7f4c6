import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { ownerSql } from './support/db';
import { e2eState, tenantUrl } from './support/e2e-state';
import { screenshot } from './support/screenshot';
import { signIn } from './support/sign-in';

const ACME_ID = '0b4c3a7e-0000-4000-8000-00000000ac01';

type SinkMessage = { to: string | string[]; subject: string; html: string; text: string };

async function sentEmails(): Promise<SinkMessage[]> {
  const { mailSinkUrl, mailSinkApiKey } = e2eState();
  const response = await fetch(`${mailSinkUrl}/emails`, { headers: { authorization: `Bearer ${mailSinkApiKey}` } });
  return ((await response.json()) as { data: SinkMessage[] }).data;
}

/** A staff member of Acme's own, so that changing them leaves the seeded accounts as other specs expect them. */
async function createStaffMember(): Promise<{ id: string; name: string; email: string }> {
  const stamp = randomUUID().slice(0, 8);
  const [first, last] = ['Quinn', `Harper${stamp}`];
  const email = `quinn.${stamp}@acme.example`;
  const sql = ownerSql();
  const [person] = await sql`insert into persons (organisation_id, first_name, last_name, official_email) values (${ACME_ID}, ${first}, ${last}, ${email}) returning id`;
  const [user] = await sql`insert into users (organisation_id, person_id, idp_subject, email, role)
    values (${ACME_ID}, ${person!.id}, ${`e2e-staff-${stamp}`}, ${email}, 'EMPLOYEE') returning id`;
  return { id: user!.id as string, name: `${first} ${last}`, email };
}

async function openAdmin(page: Page, path: string): Promise<void> {
  await signIn(page, 'acme-admin', { path });
  await expect(page.getByRole('navigation', { name: 'Administration' })).toBeVisible();
}

test.describe('administration', () => {
  test('an admin finds a user, changes their role, and the audit log shows who changed what', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', 'changes data');
    const staff = await createStaffMember();
    await openAdmin(page, '/admin/users');

    await page.getByLabel('Name or e-mail').fill(staff.name.split(' ')[1]!);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/q=Harper/);
    const rows = page.getByTestId('user-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(staff.name);
    await expect(rows.first()).toContainText(staff.email);
    await expect(rows.first()).toContainText('Employee');

    await page.getByLabel(`Role of ${staff.name}`, { exact: true }).selectOption('ASSET_MANAGER');
    await page.getByRole('button', { name: `Save role of ${staff.name}` }).click();
    await expect(rows.first().getByRole('status')).toHaveText(`${staff.name} is now asset manager.`);
    await expect(rows.first()).toContainText('Asset manager');
    const [stored] = await ownerSql()`select role from users where id = ${staff.id}`;
    expect(stored!.role).toBe('ASSET_MANAGER');

    // A link to one record's entries (the filter keeps it; the screen names the record, not its id).
    await page.goto(tenantUrl('acme', `/admin/audit-log?targetId=${staff.id}`));
    await expect(page.getByTestId('audit-record-filter')).toContainText(`Only entries about ${staff.name}`);
    await page.getByLabel('Action').selectOption('USER_ROLE_CHANGED');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/action=USER_ROLE_CHANGED/);
    const entries = page.getByTestId('audit-entry');
    await expect(entries).toHaveCount(1);
    await expect(entries.first().getByTestId('audit-sentence')).toHaveText(`Ada Lovelace changed the role of ${staff.name}.`);
    await expect(entries.first()).toContainText(/Role\s*Employee\s*→\s*Asset manager/);
    const [audit] = await ownerSql()`select changes from audit_log where action = 'USER_ROLE_CHANGED' and target_id = ${staff.id}`;
    expect(audit!.changes).toEqual({ role: { before: 'EMPLOYEE', after: 'ASSET_MANAGER' } });

    // The filters live in the URL: the same address opens the same view.
    await page.goto(page.url());
    await expect(page.getByTestId('audit-entry')).toHaveCount(1);
  });

  test('an employee opening the user administration gets the 403 page', async ({ page }, testInfo) => {
    await signIn(page, 'acme-employee-1', { path: '/admin/users' });
    await expect(page.getByRole('heading', { level: 1, name: 'You do not have access to this page' })).toBeVisible();
    await expect(page.getByTestId('user-list')).toHaveCount(0);
    await screenshot(page, testInfo, 'admin-forbidden');
  });

  test('an admin invites by e-mail: the invitation is stored and the welcome e-mail arrives', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', 'changes data');
    const [organisation] = await ownerSql()`select name from organisations where id = ${ACME_ID}`;
    const email = `invitee.${randomUUID().slice(0, 8)}@acme.example`;
    await openAdmin(page, '/admin/users?invite=1');
    await expect(page.getByLabel('E-mail address')).toBeFocused();

    await page.getByLabel('E-mail address').fill('not-an-address');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText('Enter a valid e-mail address.')).toBeVisible();
    await expect(page.getByLabel('E-mail address')).toHaveValue('not-an-address');

    await page.getByLabel('E-mail address').fill(email);
    await page.getByRole('region', { name: 'Invite by e-mail' }).getByLabel('Role').selectOption('ASSET_MANAGER');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Invitation sent to ${email}.` })).toBeVisible();
    await expect(page.getByTestId('pending-invitations')).toContainText(email);

    const [invitation] = await ownerSql()`select id, role, accepted_at from invitations where organisation_id = ${ACME_ID} and email = ${email}`;
    expect(invitation).toMatchObject({ role: 'ASSET_MANAGER', accepted_at: null });
    const [audit] = await ownerSql()`select action from audit_log where target_id = ${invitation!.id}`;
    expect(audit!.action).toBe('USER_INVITED');

    await expect
      .poll(async () => (await sentEmails()).find((message) => [message.to].flat().includes(email))?.subject, { timeout: 30_000 })
      .toContain(organisation!.name);
    const welcome = (await sentEmails()).find((message) => [message.to].flat().includes(email))!;
    expect(welcome.html).toContain(`Welcome to ${organisation!.name}`);
    expect(welcome.text).toContain('Asset manager');
    expect(welcome.text).toMatch(/http:\/\/acme\.[^\s]*\/login/);

    await page.getByRole('button', { name: `Revoke the invitation of ${email}` }).click();
    await expect(page.getByTestId('pending-invitations').getByText(email)).toHaveCount(0);
    expect(await ownerSql()`select id from invitations where id = ${invitation!.id}`).toHaveLength(0);
  });

  test('the loan policy form refuses bad input and saves the policy', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', 'changes data');
    const [before] = await ownerSql()`select loan_policy from organisations where id = ${ACME_ID}`;
    try {
      await openAdmin(page, '/admin/settings');
      const current = Number(await page.getByLabel('Longest loan (days)').inputValue());
      const next = current === 45 ? 46 : 45;

      await page.getByLabel('Longest loan (days)').fill('0');
      await page.getByRole('button', { name: 'Save loan policy' }).click();
      await expect(page.getByText('Enter at least 1 day.')).toBeVisible();
      await expect(page.getByLabel('Longest loan (days)')).toHaveValue('0');

      await page.getByLabel('Longest loan (days)').fill(String(next));
      await page.getByLabel('Book at most this many days ahead').fill('60');
      await page.getByRole('radio', { name: /Automatic/ }).check();
      await page.getByRole('button', { name: 'Save loan policy' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Loan policy saved' })).toBeVisible();

      const [after] = await ownerSql()`select loan_policy from organisations where id = ${ACME_ID}`;
      expect(after!.loan_policy).toMatchObject({ maxLoanDays: next, maxAdvanceBookingDays: 60, extensions: 'AUTOMATIC' });
      const [audit] = await ownerSql()`select changes from audit_log where organisation_id = ${ACME_ID} and action = 'LOAN_POLICY_UPDATED' order by id desc limit 1`;
      expect(audit!.changes.maxLoanDays).toEqual({ before: current, after: next });
      await page.reload();
      await expect(page.getByLabel('Longest loan (days)')).toHaveValue(String(next));
    } finally {
      await ownerSql()`update organisations set loan_policy = ${ownerSql().json(before!.loan_policy)} where id = ${ACME_ID}`;
    }
  });

  test('renaming the organisation shows at once and is audited', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', 'changes data');
    const [organisation] = await ownerSql()`select name from organisations where id = ${ACME_ID}`;
    const original = organisation!.name as string;
    const renamed = `${original} Labs`;
    await openAdmin(page, '/admin/settings');
    const rename = async (name: string) => {
      await page.getByLabel('Organisation name').fill(name);
      await page.getByRole('button', { name: 'Save name' }).click();
      await expect(page.getByRole('status').filter({ hasText: `The organisation is now called ${name}.` })).toBeVisible();
    };
    try {
      await page.getByLabel('Organisation name').fill(' ');
      await page.getByRole('button', { name: 'Save name' }).click();
      await expect(page.getByText('The name needs at least 2 characters.')).toBeVisible();

      await rename(renamed);
      await expect(page.getByRole('banner')).toContainText(renamed);
      const [stored] = await ownerSql()`select name from organisations where id = ${ACME_ID}`;
      expect(stored!.name).toBe(renamed);
      const [audit] = await ownerSql()`select changes from audit_log where organisation_id = ${ACME_ID} and action = 'ORGANISATION_UPDATED' order by id desc limit 1`;
      expect(audit!.changes).toEqual({ name: { before: original, after: renamed } });
    } finally {
      await rename(original);
    }
    const [restored] = await ownerSql()`select name from organisations where id = ${ACME_ID}`;
    expect(restored!.name).toBe(original);
  });

  test('screenshots of every admin screen', async ({ page }, testInfo) => {
    await openAdmin(page, '/admin/users');
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await expect(page.getByTestId('user-row').first()).toBeVisible();
    await screenshot(page, testInfo, 'admin-users');

    await page.goto(tenantUrl('acme', '/admin/audit-log'));
    await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    await expect(page.getByTestId('audit-entry').first()).toBeVisible();
    await screenshot(page, testInfo, 'admin-audit-log');

    await page.goto(tenantUrl('acme', '/admin/settings'));
    await expect(page.getByRole('heading', { level: 1, name: 'Settings & loan policy' })).toBeVisible();
    const [organisation] = await ownerSql()`select name, audit_retention_days from organisations where id = ${ACME_ID}`;
    await expect(page.getByLabel('Organisation name')).toHaveValue(organisation!.name);
    await expect(page.getByTestId('audit-retention')).toContainText(`${organisation!.audit_retention_days} days`);
    await screenshot(page, testInfo, 'admin-settings');
  });
});
