import { request as httpRequest } from 'node:http';
import { expect, test } from '@playwright/test';
import { getUserAccessToken } from '../support/idp-client';
import { testAudience } from '../support/test-env';
import { ownerSql } from './support/db';
import { e2eState, tenantUrl } from './support/e2e-state';
import { screenshot } from './support/screenshot';
import { signIn, signOut } from './support/sign-in';

const GLOBEX_ID = '0b4c3a7e-0000-4000-8000-00000000610b';

/** POST to Globex's API with a Host header (fetch cannot set one), as an integrator at that address would. */
async function postAsGlobexAdmin(path: string, json: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const token = await getUserAccessToken(e2eState().issuer, 'globex-admin', { audience: testAudience });
  const body = JSON.stringify(json);
  const headers = { host: `globex.localhost:${e2eState().appPort}`, authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) };
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname: '127.0.0.1', port: e2eState().appPort, method: 'POST', path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown> }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

// Tom's nationality only: a partial erasure keeps his account, which other tests sign in with.
const SUBJECT = 'globex-employee-2';

test.describe('erasure request', () => {
  test('a person asks to erase a detail, an admin verifies their identity, the job erases it and both see it completed', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'Erases data; runs once, on desktop.');
    test.setTimeout(120_000);
    const sql = ownerSql();
    const [person] = await sql`select p.id from persons p join users u on u.person_id = p.id where u.email = 'tom.becker@globex.example'`;
    await sql`update persons set nationality = 'DE' where id = ${person!.id}`;

    await signIn(page, SUBJECT, { path: '/profile/data' });
    const erase = page.getByRole('region', { name: 'Erase my data' });
    await expect(erase).toContainText('not deleted');
    await erase.getByLabel('Only some details').check();
    await erase.getByLabel('Nationality').check();
    await screenshot(page, testInfo, 'erasure-request-form');
    await erase.getByRole('button', { name: 'Request erasure' }).click();
    // The form gives way to the request and what happens next.
    await expect(erase.getByRole('status')).toContainText('You have an open erasure request');
    await expect(erase.locator('[data-request-id]')).toContainText('Waiting for identity check');
    await expect(erase.locator('[data-request-id]')).toContainText('An administrator will contact you');
    await expect(erase).toContainText('The legal deadline is');
    await screenshot(page, testInfo, 'erasure-request-filed');
    const requestId = await erase.locator('[data-request-id]').first().getAttribute('data-request-id');
    await signOut(page);
    // The identity provider remembers who signed in last; a fresh browser session signs in as someone else.
    await page.context().clearCookies();

    await signIn(page, 'globex-admin');
    const alert = page.getByTestId('erasure-requests-alert');
    await expect(alert).toContainText('open erasure request');
    await screenshot(page, testInfo, 'erasure-admin-dashboard');
    await alert.getByRole('link', { name: 'Review requests' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Erasure requests' })).toBeVisible();
    const row = page.locator(`[data-request-id="${requestId}"]`);
    await expect(row).toContainText('Tom Becker');
    await expect(row).toContainText('Waiting for identity check');
    await screenshot(page, testInfo, 'erasure-admin-list');
    await row.getByRole('link', { name: 'Tom Becker' }).click();

    await expect(page.getByRole('heading', { level: 1 })).toContainText('Tom Becker');
    await page.getByLabel('How did you confirm who they are?').selectOption('video');
    await page.getByLabel('Note (optional)').fill('Video call; face and date of birth matched the club records.');
    await screenshot(page, testInfo, 'erasure-admin-detail-pending');
    await page.getByRole('button', { name: 'Verify and erase' }).click();
    // The forms give way to the verification on record.
    await expect(page.getByRole('region', { name: 'Request' })).toContainText('by video call, by Grace Hopper');
    await expect(page.getByRole('button', { name: 'Verify and erase' })).toHaveCount(0);

    // The in-process job runs on the verification event; the page shows the outcome after a reload.
    await expect
      .poll(async () => (await sql`select status from data_deletion_requests where id = ${requestId!}`)[0]!.status, { timeout: 60_000 })
      .toBe('completed');
    await page.reload();
    await expect(page.getByRole('region', { name: 'Request' })).toContainText('Completed');
    await expect(page.getByRole('list', { name: 'History of the request' })).toContainText('carried out a request to erase personal data (partial: nationality)');
    await screenshot(page, testInfo, 'erasure-admin-detail-completed');
    expect((await sql`select nationality from persons where id = ${person!.id}`)[0]!.nationality).toBeNull();
    await signOut(page);
    // The identity provider remembers who signed in last; a fresh browser session signs in as someone else.
    await page.context().clearCookies();

    await signIn(page, SUBJECT, { path: '/profile/data' });
    await expect(page.getByRole('region', { name: 'Erase my data' }).locator(`[data-request-id="${requestId}"]`)).toContainText('Completed');
    await screenshot(page, testInfo, 'erasure-subject-completed');
  });

  test('an erasure an admin filed is verified by a second admin, and the erased person cannot sign in again', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'Erases data; runs once, on desktop.');
    test.setTimeout(120_000);
    const sql = ownerSql();
    const accountId = `globex-leaver-${Date.now()}`;
    const registered = await fetch(`${e2eState().issuer}/dev/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ accountId, organisationId: GLOBEX_ID, role: 'EMPLOYEE', email: `${accountId}@globex.example`, givenName: 'Lena', familyName: 'Leaver' }),
    });
    expect(registered.status).toBe(204);
    // The first sign-in provisions the account.
    await signIn(page, accountId, { slug: 'globex' });
    await signOut(page);
    await page.context().clearCookies();
    const [account] = await sql`select person_id from users where organisation_id = ${GLOBEX_ID} and idp_subject = ${accountId}`;

    const filed = await postAsGlobexAdmin('/api/v1/data-delete-request', { scope: 'full', personId: account!.person_id });
    expect(filed.status).toBe(201);
    const requestId = filed.body.id as string;

    // Four eyes: Grace filed it, so Grace cannot verify it.
    await signIn(page, 'globex-admin', { path: `/admin/erasure-requests/${requestId}` });
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Lena Leaver');
    await expect(page.getByRole('note')).toContainText('another administrator has to verify it');
    await expect(page.getByRole('button', { name: 'Verify and erase' })).toHaveCount(0);
    await screenshot(page, testInfo, 'erasure-four-eyes-filer');
    await signOut(page);
    await page.context().clearCookies();

    // The demo's second admin verifies.
    await signIn(page, 'globex-admin-2', { path: `/admin/erasure-requests/${requestId}` });
    await page.getByLabel('How did you confirm who they are?').selectOption('in_person');
    await page.getByRole('button', { name: 'Verify and erase' }).click();
    await expect(page.getByRole('region', { name: 'Request' })).toContainText('in person, by Katherine Johnson');
    await expect
      .poll(async () => (await sql`select status from data_deletion_requests where id = ${requestId}`)[0]!.status, { timeout: 60_000 })
      .toBe('completed');
    await signOut(page);
    await page.context().clearCookies();

    // Signing in again is refused with a page that says why, and no fresh account is made.
    await page.goto(tenantUrl('globex', '/dashboard'));
    await page.getByRole('button', { name: 'Sign in with single sign-on' }).click();
    await page.waitForURL(/\/interaction\//);
    await page.locator(`button[name="login"][value="${accountId}"]`).click();
    await page.waitForURL((url) => url.pathname === '/login/erased');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This account was erased');
    await expect(page.getByTestId('erased-explanation')).toContainText('At your request, Globex Sports Club erased your personal data');
    await expect(page.getByTestId('erased-contact')).toContainText('administrators');
    await screenshot(page, testInfo, 'erasure-sign-in-refused');
    expect(await sql`select id from users where organisation_id = ${GLOBEX_ID} and idp_subject = ${accountId}`).toEqual([]);
    expect((await sql`select count(*)::int as n from users where organisation_id = ${GLOBEX_ID} and email = ${`${accountId}@globex.example`}`)[0]!.n).toBe(0);
  });
});
