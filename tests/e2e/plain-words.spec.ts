import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { ownerSql } from './support/db';
import { e2eState, tenantUrl } from './support/e2e-state';
import { screenshot } from './support/screenshot';
import { signIn } from './support/sign-in';

const ACME_ID = '0b4c3a7e-0000-4000-8000-00000000ac01';
const GLOBEX_ID = '0b4c3a7e-0000-4000-8000-00000000610b';

// What a club secretary must never read: ids, field names, codes, timestamps, hashes, byte counts, UTC times.
const CODE_LIKE: Record<string, RegExp> = {
  uuid: /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i,
  'field name': /\b(?!iPhone|iPad|iMac|macOS)[a-z]+[A-Z][a-zA-Z]*\b/,
  code: /\b[A-Z]+_[A-Z_]+\b|\b(ADMIN|EMPLOYEE|PENDING|ACTIVE|AVAILABLE|LOANED)\b/,
  'snake case': /\b[a-z]+_[a-z_]+\b/,
  timestamp: /\d{4}-\d{2}-\d{2}T\d{2}/,
  hash: /\b[0-9a-f]{64}\b/i,
  bytes: /\bbytes?\b/i,
  'UTC time': /\bUTC\b/,
};

async function expectPlainWords(page: Page) {
  const text = await page.locator('main').innerText();
  for (const [what, pattern] of Object.entries(CODE_LIKE)) expect(text.match(pattern)?.[0], `${what} on ${page.url()}`).toBeUndefined();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'no sideways scrolling').toBeLessThanOrEqual(0);
}

async function userId(organisationId: string, subject: string): Promise<string> {
  const [row] = await ownerSql()`select id, person_id from users where organisation_id = ${organisationId} and idp_subject = ${subject}`;
  return row!.id as string;
}

// The reader's own zone: the portal shows instants in it, never in UTC.
test.use({ timezoneId: 'Europe/Berlin' });

test.describe('words for people', () => {
  test('the audit log words changes a developer would write as fields, codes and hashes', async ({ page }, testInfo) => {
    const sql = ownerSql();
    const admin = await userId(ACME_ID, 'acme-admin');
    const stamp = randomUUID().slice(0, 6);
    const personId = randomUUID();
    // Signed in first: the sign-in is an audit entry too, older than the three below.
    await signIn(page, 'acme-admin', { path: '/dashboard' });
    await sql`insert into audit_log (organisation_id, actor_type, actor_user_id, action, target_type, target_id, changes, metadata) values
      (${ACME_ID}, 'USER', ${admin}, 'BRANDING_UPDATED', 'ORGANISATION', ${ACME_ID},
        ${sql.json({ logo: { before: { sha256: 'a'.repeat(64), bytes: 2048 }, after: { sha256: 'b'.repeat(64), bytes: 4096 } }, loginTagline: { before: null, after: `Lend well ${stamp}` } })}, '{}'::jsonb),
      (${ACME_ID}, 'USER', ${admin}, 'PERSON_UPDATED', 'PERSON', ${personId},
        ${sql.json({ nationality: { before: 'DE', after: 'FR' }, language: { before: 'en', after: 'de' }, deletedAt: { before: null, after: '2026-11-24T14:05:00.000Z' }, processingRestricted: { before: false, after: true } })}, '{}'::jsonb),
      (${ACME_ID}, 'SYSTEM', null, 'CATEGORY_FIELD_ADDED', 'CATEGORY_FIELD', ${randomUUID()},
        ${sql.json({ fieldType: { before: null, after: 'MULTI_SELECT' }, personId: { before: null, after: personId } })}, '{}'::jsonb)`;

    await page.goto(tenantUrl('acme', '/admin/audit-log'));
    const entries = page.getByTestId('audit-entry');
    const [unknown, person, branding] = [entries.nth(0), entries.nth(1), entries.nth(2)];
    await expect(unknown.getByTestId('audit-sentence')).toHaveText('Quartermaster recorded a change (category field added) to a category field.');
    await expect(unknown.getByTestId('audit-changes')).toContainText(/Field type\s*—\s*→\s*Multi select/);
    await expect(unknown.getByTestId('audit-changes')).toContainText(/Person\s*—\s*→\s*a person/);
    await expect(person.getByTestId('audit-sentence')).toHaveText("Ada Lovelace changed a person's record.");
    await expect(person.getByTestId('audit-changes')).toContainText(/Nationality\s*Germany\s*→\s*France/);
    await expect(person.getByTestId('audit-changes')).toContainText(/Language\s*English\s*→\s*German/);
    await expect(person.getByTestId('audit-changes')).toContainText(/No longer active since\s*—\s*→\s*24 Nov 2026, 15:05/);
    await expect(person.getByTestId('audit-changes')).toContainText(/Processing restricted\s*No\s*→\s*Yes/);
    await expect(branding.getByTestId('audit-changes')).toContainText(/Logo\s*Changed/);
    await expectPlainWords(page);
    await screenshot(page, testInfo, 'plain-words-audit-log');

    // A shared link with a filter that is not valid says so in words; clearing it brings the list back.
    await page.goto(tenantUrl('acme', '/admin/audit-log?actor=somebody'));
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('These filters are not valid (who). Clear them and try again.');
    await expectPlainWords(page);
    await page.getByRole('link', { name: 'Clear' }).click();
    await expect(page).toHaveURL(/\/admin\/audit-log$/);
    await expect(page.getByTestId('audit-entry').first()).toBeVisible();
  });

  test('the retention screen gives periods, runs and counts in words', async ({ page }, testInfo) => {
    await signIn(page, 'acme-admin', { path: '/admin/retention' });
    const phone = testInfo.project.name === 'phone';
    const rows = phone ? page.getByRole('list', { name: 'Retention policy' }).getByRole('listitem') : page.getByRole('table', { name: 'Retention policy' }).getByRole('row');
    await expect(rows.filter({ hasText: 'Person' }).first()).toContainText('3 years after the person leaves');
    await expect(rows.filter({ hasText: 'Medical treatment' })).toContainText('20 years after the treatment ends');
    await expect(rows.filter({ hasText: 'Audit log' })).toContainText('7 years (2,557 days) after the entry is written');
    await page.getByRole('button', { name: 'Preview next run' }).click();
    await expect(page.getByRole('status').filter({ hasText: /A run now would|Nothing is past its retention period/ })).toBeVisible();
    const runs = phone ? page.getByRole('list', { name: 'Retention runs' }).getByRole('listitem') : page.getByRole('table', { name: 'Retention runs' }).getByRole('row');
    await expect(runs.nth(phone ? 0 : 1)).toContainText('Manual run, preview only');
    await expectPlainWords(page);
    await screenshot(page, testInfo, 'plain-words-retention');
  });

  test('the profile names the country and gives dates in words; a wrong nationality is explained and corrected', async ({ page }, testInfo) => {
    const sql = ownerSql();
    const [me] = await sql`select p.id from persons p join users u on u.person_id = p.id where u.organisation_id = ${GLOBEX_ID} and u.idp_subject = 'globex-employee-1'`;
    await sql`update persons set nationality = 'NL', birth_date = '1994-05-17' where id = ${me!.id}`;
    await sql`delete from person_change_requests where person_id = ${me!.id}`;
    await signIn(page, 'globex-employee-1', { path: '/profile' });
    await expect(page.getByTestId('identity-nationality')).toContainText('Netherlands');
    await expect(page.getByTestId('identity-birthDate')).toContainText('17 May 1994');
    await expect(page.getByLabel('Language').locator('option[value="de"]')).toHaveText('German (Deutsch)');
    await expectPlainWords(page);

    if (testInfo.project.name === 'desktop') {
      await page.getByLabel('What to correct').selectOption('nationality');
      await page.getByLabel('Correct value').fill('Germany');
      await page.getByRole('button', { name: 'Request correction' }).click();
      await expect(page.getByText('Enter a two-letter country code such as DE or FR.')).toBeVisible();
      await expect(page.getByLabel('Correct value')).toHaveValue('Germany');
      await expect(page.getByLabel('What to correct')).toHaveValue('nationality');
      await page.getByLabel('Correct value').fill('de');
      await page.getByRole('button', { name: 'Request correction' }).click();
      await expect(page.getByTestId('identity-nationality')).toContainText('requested: Germany');
      const requests = await sql`select status, fields from person_change_requests where person_id = ${me!.id}`;
      expect(requests).toEqual([{ status: 'pending', fields: { nationality: { from: 'NL', to: 'DE' } } }]);
      await sql`delete from person_change_requests where person_id = ${me!.id}`;
    }
    await screenshot(page, testInfo, 'plain-words-profile');
  });

  test("a person's page names their country and language", async ({ page }, testInfo) => {
    const [lena] = await ownerSql()`select id from persons where organisation_id = ${GLOBEX_ID} and first_name = 'Lena' and last_name = 'Hoffmann'`;
    await signIn(page, 'globex-admin', { path: `/people/${lena!.id as string}` });
    await expect(page.getByRole('main')).toContainText('Germany');
    await expect(page.getByRole('main')).toContainText('German');
    await expect(page.getByRole('main')).toContainText('14 Mar 2006');
    await expectPlainWords(page);
    await screenshot(page, testInfo, 'plain-words-person');
  });

  test('an employee may open neither the audit log nor the retention screen', async ({ page }) => {
    await signIn(page, 'acme-employee-1', { path: '/dashboard' });
    for (const path of ['/admin/audit-log', '/admin/retention']) {
      const response = await page.goto(tenantUrl('acme', path));
      expect(response?.status()).toBe(403);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('You do not have access to this page');
      await expect(page.getByTestId('audit-entry')).toHaveCount(0);
    }
  });

  test('the sign-in service names roles in words and explains an unknown account', async ({ page }, testInfo) => {
    await page.goto(tenantUrl('acme', '/login'));
    await page.getByRole('button', { name: 'Sign in with single sign-on' }).click();
    await page.waitForURL(/\/interaction\//);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose who to sign in as');
    const ada = page.locator('button[name="login"][value="acme-admin"]');
    await expect(ada).toContainText('Ada Lovelace');
    await expect(ada).toContainText('Administrator');
    await expect(page.locator('button[name="login"][value="acme-manager"]')).toContainText('Asset manager');
    const body = await page.locator('body').innerText();
    expect(body).not.toMatch(/ASSET_MANAGER|\bADMIN\b|\bEMPLOYEE\b/);
    expect(new URL(page.url()).origin).toBe(new URL(e2eState().issuer).origin);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, testInfo, 'plain-words-sign-in-service');

    await page.getByLabel('Account name').fill('acme-nobody');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('There is no account with that name. Pick a person above, or check the spelling.');
    await page.locator('button[name="login"][value="acme-employee-1"]').click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await expect(page).toHaveURL(tenantUrl('acme', '/dashboard'));
  });
});
