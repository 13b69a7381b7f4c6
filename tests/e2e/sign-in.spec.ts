import { expect, test } from '@playwright/test';
import { ownerSql } from './support/db';
import { e2eState, tenantUrl } from './support/e2e-state';
import { screenshot } from './support/screenshot';
import { signIn, signOut } from './support/sign-in';

const ACME_ID = '0b4c3a7e-0000-4000-8000-00000000ac01';

test.describe('signing in through the identity provider', () => {
  test('the login page carries the tenant and offers single sign-on only', async ({ page }, testInfo) => {
    await page.goto(tenantUrl('acme', '/login'));
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Acme Corporation' })).toBeVisible();
    await expect(page.getByTestId('login-hero')).toContainText('Acme Corporation');
    await expect(page.getByRole('button', { name: 'Sign in with single sign-on' })).toBeVisible();
    // The demo picker exists only in the embedded demo; this server runs on PostgreSQL.
    await expect(page.getByRole('heading', { name: /Demo: sign in/ })).toHaveCount(0);
    await screenshot(page, testInfo, 'login');
  });

  for (const [accountId, name, role] of [
    ['acme-employee-1', 'Emma Stone', 'Employee'],
    ['acme-manager', 'Marcus Reyes', 'Asset manager'],
    ['acme-admin', 'Ada Lovelace', 'Admin'],
  ] as const) {
    test(`${accountId} signs in and lands on the dashboard as ${role}`, async ({ page }) => {
      await signIn(page, accountId);
      await expect(page.getByTestId('current-user-name')).toHaveText(name);
      await expect(page.getByRole('banner')).toContainText(role);
      const cookies = await page.context().cookies();
      const session = cookies.find((c) => c.name === 'authjs.session-token');
      expect(session?.httpOnly).toBe(true);
      expect(session?.domain).toBe('acme.localhost');
    });
  }

  test('a signed-out visitor is sent to the login page and comes back to the page asked for', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', 'navigation is the same on every width');
    await page.goto(tenantUrl('acme', '/dashboard'));
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fdashboard/);
    await signIn(page, 'acme-employee-2');
    await expect(page).toHaveURL(tenantUrl('acme', '/dashboard'));
    await signOut(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Acme Corporation' })).toBeVisible();
    await page.goto(tenantUrl('acme', '/dashboard'));
    await expect(page).toHaveURL(/\/login/);
  });

  test('a return address that leaves the site is ignored', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', 'navigation is the same on every width');
    await page.goto(tenantUrl('acme', '/login?callbackUrl=%2F%2Fevil.example%2Fsteal'));
    await page.getByRole('button', { name: 'Sign in with single sign-on' }).click();
    await page.locator('button[name="login"][value="acme-employee-1"]').click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    expect(new URL(page.url()).host).toBe(`acme.localhost:${e2eState().appPort}`);
  });

  // Issue 11, finding 1: these passed the raw check and normalised to "//evil.example"; a signed-in user
  // opening such a login link was sent straight off the site. Requests off this machine are aborted.
  test('a signed-in user is never sent off the site by a return address that normalises to another host', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', 'navigation is the same on every width');
    const offSite: string[] = [];
    await page.context().route(
      (url) => !url.hostname.endsWith('localhost') && url.hostname !== '127.0.0.1',
      (route) => {
        offSite.push(route.request().url());
        return route.abort();
      },
    );
    await signIn(page, 'acme-employee-1');
    for (const vector of ['/.//evil.example/phish', '/..//evil.example', '/%2e//evil.example', '/a/..//evil.example', '/%2f%2fevil.example', '/\t/evil.example']) {
      await page.goto(tenantUrl('acme', `/login?callbackUrl=${encodeURIComponent(vector)}`));
      await expect(page, vector).toHaveURL(tenantUrl('acme', '/dashboard'));
    }
    expect(offSite).toEqual([]);
  });

  test('an identity of another organisation cannot sign in here', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', 'navigation is the same on every width');
    await page.goto(tenantUrl('acme', '/login'));
    await page.getByRole('button', { name: 'Sign in with single sign-on' }).click();
    await page.locator('button[name="login"][value="globex-employee-1"]').click();
    await expect(page.getByTestId('sign-in-error')).toContainText('belongs to another organisation');
    await page.goto(tenantUrl('acme', '/dashboard'));
    await expect(page).toHaveURL(/\/login/);
    const [row] = await ownerSql()`select count(*)::int as n from users where organisation_id = ${ACME_ID} and idp_subject = 'globex-employee-1'`;
    expect(row!.n).toBe(0);
  });

  test('a first sign-in provisions the account as an employee', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', 'changes data');
    const accountId = `acme-newcomer-${Date.now()}`;
    const response = await fetch(`${e2eState().issuer}/dev/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ accountId, organisationId: ACME_ID, role: 'ADMIN', email: `${accountId}@acme.example`, givenName: 'Nora', familyName: 'Newcomer' }),
    });
    expect(response.status).toBe(204);
    await signIn(page, accountId, { slug: 'acme' });
    await expect(page.getByRole('banner')).toContainText('Employee');
    const [user] = await ownerSql()`select role, email from users where organisation_id = ${ACME_ID} and idp_subject = ${accountId}`;
    // The token claims ADMIN; the spec says a first sign-in is an employee until an admin decides otherwise.
    expect(user).toEqual({ role: 'EMPLOYEE', email: `${accountId}@acme.example` });
  });

  test('a deactivated account is refused and an active session ends', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', 'changes data');
    const accountId = `acme-leaver-${Date.now()}`;
    await fetch(`${e2eState().issuer}/dev/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ accountId, organisationId: ACME_ID, role: 'EMPLOYEE', email: `${accountId}@acme.example`, givenName: 'Lee', familyName: 'Leaver' }),
    });
    await signIn(page, accountId, { slug: 'acme' });
    await ownerSql()`update users set is_active = false where organisation_id = ${ACME_ID} and idp_subject = ${accountId}`;
    await page.reload();
    await expect(page).toHaveURL(/error=AccountDeactivated/);
    await expect(page.getByTestId('sign-in-error')).toContainText('deactivated');
    // The refusal shown before the click proves nothing about the second attempt: wait for its round trip through
    // the identity provider to come back, which also leaves no navigation in flight when the context closes.
    const callback = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/callback/oidc');
    await page.getByRole('button', { name: 'Sign in with single sign-on' }).click();
    await callback;
    await expect(page).toHaveURL(/error=AccountDeactivated/);
    await expect(page.getByTestId('sign-in-error')).toContainText('deactivated');
  });

  test('an unknown organisation address is a 404', async ({ page }) => {
    const response = await page.goto(tenantUrl('no-such-tenant', '/login'));
    expect(response?.status()).toBe(404);
  });
});
