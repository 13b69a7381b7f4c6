import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { type AppServer, startAppServer } from '../support/start-app-server';
import { e2eState } from './support/e2e-state';
import { screenshot } from './support/screenshot';
import { signIn } from './support/sign-in';

// The embedded demo as `npm run demo` starts it: PGlite, DEMO_MODE, the tenant chosen with ?tenant=, and no
// e-mail leaving the machine (jobs in process, the dev-mailbox driver).
test.describe('the sports club in the embedded demo', () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(180_000);
  // A club in Germany: times are shown in the reader's own zone.
  test.use({ timezoneId: 'Europe/Berlin' });

  let server: AppServer;
  let dataDir: string;
  let base = '';
  /** The mailbox address of Priya's export e-mail, kept for another person to try. */
  let priyasEmailHref = '';

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    dataDir = await mkdtemp(path.join(tmpdir(), 'qm-e2e-club-'));
    server = await startAppServer({
      PGLITE_DATA_DIR: path.join(dataDir, 'pglite'),
      DEMO_MODE: 'true',
      OIDC_ISSUER: e2eState().issuer,
      JOBS_IN_PROCESS: 'true',
      RESEND_API_KEY: '',
      INNGEST_EVENT_KEY: '',
      INNGEST_DEV: '',
    });
    base = `http://localhost:${server.port}`;
  });

  test.afterAll(async () => {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function pickPerson(page: Page, name: string, callbackPath = '/dashboard') {
    await page.context().clearCookies();
    await page.goto(`${base}/?tenant=globex`);
    await page.goto(`${base}/login?callbackUrl=${encodeURIComponent(callbackPath)}`);
    await page.getByRole('button', { name: new RegExp(name) }).click();
    await page.waitForURL((url) => url.pathname === callbackPath);
  }

  test("the sign-in picker names each person's role, club job and duties", async ({ page }, testInfo) => {
    await page.goto(`${base}/?tenant=globex`);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Globex Sports Club' })).toBeVisible();
    const role = (name: string) => page.getByRole('button', { name: new RegExp(name) }).getByTestId('demo-account-role');
    await expect(role('Grace Hopper')).toHaveText('Admin · Club secretary');
    await expect(role('Hank Scorpio')).toHaveText('Asset manager · Kit manager');
    await expect(role('Priya Shah')).toHaveText('Employee · Coach (coach duty)');
    await expect(role('Tom Becker')).toHaveText('Employee · Physio (medical duty)');
    await expect(role('Olivia Brandt')).toHaveText('Employee · Treasurer (finance duty)');
    await expect(role('Samuel Osei')).toHaveText('Employee · Welfare officer (safeguarding duty)');
    await screenshot(page, testInfo, 'demo-club-picker');
  });

  test("the club's catalogue, locations and news are a club's, not the company's", async ({ page }, testInfo) => {
    await pickPerson(page, 'Hank Scorpio', '/assets');
    const categories = await page.getByLabel('Category').locator('option').allTextContents();
    expect(categories).toEqual(expect.arrayContaining(['Match kit', 'Balls', 'Training bibs and cones', 'Physio equipment', 'Goals and nets']));
    expect(categories).not.toContain('Laptops');
    const places = await page.getByLabel('Location').locator('option').allTextContents();
    expect(places).toEqual(expect.arrayContaining(['Clubhouse', 'Pitch store', 'Physio room', 'Kit room']));
    expect(places).not.toContain('Warehouse');
    await page.getByLabel('Category').selectOption({ label: 'Physio equipment' });
    await page.waitForURL(/categoryId=/);
    await expect(page.getByText(/Normatec recovery boots|Compex muscle stimulator|Folding treatment table|Defibrillator/).filter({ visible: true }).first()).toBeVisible();
    // Physio equipment is kept in the physio room, nowhere else.
    await expect(page.getByText(/Physio room/).filter({ visible: true }).first()).toBeVisible();
    await expect(page.getByText(/Pitch store|Clubhouse|Kit room/).filter({ visible: true }).filter({ hasNot: page.locator('option') })).toHaveCount(0);
    await screenshot(page, testInfo, 'demo-club-assets');

    // The news reaches the members' dashboards.
    await pickPerson(page, 'Olivia Brandt');
    await expect(page.getByText('New match kit for the under-16s')).toBeVisible();
    await expect(page.getByText('Laptop refresh for the sales team')).toHaveCount(0);
    await screenshot(page, testInfo, 'demo-club-dashboard');
  });

  test('a coach asks for a copy of her data, opens her mailbox from the menu and follows the link', async ({ page }, testInfo) => {
    await pickPerson(page, 'Priya Shah', '/profile/data');
    await page.getByRole('button', { name: 'Request a PDF report' }).click();
    const item = page.locator('[data-export-id]').first();
    await expect(item).toHaveAttribute('data-status', 'ready', { timeout: 90_000 });

    await page.getByRole('link', { name: 'Mailbox' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Mailbox' })).toBeVisible();
    const subject = 'Your data export (PDF) is ready to download';
    await expect(page.getByRole('heading', { level: 2, name: subject })).toBeVisible();
    const listed = page.getByTestId('mailbox-item').filter({ hasText: subject });
    await expect(listed).toHaveCount(1);
    priyasEmailHref = (await listed.getAttribute('href'))!;
    await expect(listed).not.toContainText('UTC');
    await expect(page.getByText(/^From Globex Sports Club ·/)).toHaveText(/^From Globex Sports Club · \d{1,2} \w{3} \d{4}, \d{2}:\d{2}$/);
    await screenshot(page, testInfo, 'demo-club-mailbox');

    const link = page.getByRole('link', { name: 'Download your data' });
    expect(await link.getAttribute('href')).toMatch(/^\/api\/v1\/data-export\/[0-9a-f-]+\/download\?token=/);
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    await page.goto(`${base}/profile/data`);
    await expect(page.locator('[data-export-id]').first()).toContainText('Downloaded');
  });

  test("another person's mailbox does not show it, not even by its address", async ({ page }, testInfo) => {
    expect(priyasEmailHref).not.toBe('');
    await pickPerson(page, 'Tom Becker', '/mailbox');
    await expect(page.getByRole('heading', { level: 1, name: 'Mailbox' })).toBeVisible();
    await expect(page.getByText('Your data export (PDF) is ready to download')).toHaveCount(0);
    await page.goto(`${base}${priyasEmailHref}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Mailbox' })).toBeVisible();
    await expect(page.getByText('Your data export (PDF) is ready to download')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Download your data' })).toHaveCount(0);
    await screenshot(page, testInfo, 'demo-club-mailbox-other');

    // Signed out, the mailbox asks who you are first.
    await page.context().clearCookies();
    await page.goto(`${base}/?tenant=globex`);
    await page.goto(`${base}/mailbox`);
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fmailbox/);
  });
});

test.describe('outside the embedded demo', () => {
  test('there is no mailbox: no link in the menu, and its address is not found', async ({ page }) => {
    await signIn(page, 'globex-employee-1', { slug: 'globex', path: '/dashboard' });
    await expect(page.getByRole('link', { name: 'Your profile' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Mailbox' })).toHaveCount(0);
    const response = await page.goto(new URL('/mailbox', page.url()).toString());
    expect(response?.status()).toBe(404);
  });
});
