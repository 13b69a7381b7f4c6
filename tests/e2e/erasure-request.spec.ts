import { expect, test } from '@playwright/test';
import { ownerSql } from './support/db';
import { screenshot } from './support/screenshot';
import { signIn, signOut } from './support/sign-in';

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
});
