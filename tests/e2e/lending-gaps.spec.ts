import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { addDays, toIsoDate } from '@/lib/platform/time';
import { ownerSql } from './support/db';
import { tenantUrl } from './support/e2e-state';
import { screenshot } from './support/screenshot';
import { signInByCookie } from './support/sign-in-by-cookie';

// Issue 26, item 3: cancelling an approved booking, the desk checkout, and a second request for the same dates.

const ACME_ID = '0b4c3a7e-0000-4000-8000-00000000ac01';
const today = () => toIsoDate(new Date());

async function userId(subject: string): Promise<string> {
  const [row] = await ownerSql()`select id from users where organisation_id = ${ACME_ID} and idp_subject = ${subject}`;
  return row!.id as string;
}

/** An asset of this spec's own, named uniquely, so no other spec books it. */
async function createAsset(label: string): Promise<{ id: string; name: string }> {
  const stamp = randomUUID().slice(0, 6);
  const name = `${label} Sextant ${stamp}`;
  const [row] = await ownerSql()`
    insert into assets (organisation_id, name, category_id, location_id, status, inventory_number)
    select organisation_id, ${name}, category_id, location_id, 'AVAILABLE', ${`ACME-GAP-${stamp.toUpperCase()}`}
    from assets where organisation_id = ${ACME_ID} limit 1
    returning id`;
  return { id: row!.id as string, name };
}

async function insertLoan(assetId: string, requester: string, status: 'PENDING_APPROVAL' | 'APPROVED', start: string, end: string): Promise<string> {
  const [row] = await ownerSql()`
    insert into loans (organisation_id, asset_id, requester_id, status, start_date, end_date, purpose, decided_at)
    values (${ACME_ID}, ${assetId}, ${await userId(requester)}, ${status}, ${start}, ${end}, 'Regatta on the lake', ${status === 'APPROVED' ? new Date() : null})
    returning id`;
  return row!.id as string;
}

async function loanRow(loanId: string) {
  const [row] = await ownerSql()`select status, cancellation_reason, cancelled_at from loans where id = ${loanId}`;
  return row!;
}

async function open(page: Page, accountId: string, path: string): Promise<void> {
  await signInByCookie(page.context(), accountId);
  await page.goto(tenantUrl('acme', path));
}

test.describe('lending gaps', () => {
  test('the requester cancels an approved booking before pickup', async ({ page }, testInfo) => {
    const asset = await createAsset('Teak');
    const loanId = await insertLoan(asset.id, 'acme-employee-1', 'APPROVED', addDays(today(), 3), addDays(today(), 5));

    await open(page, 'acme-employee-1', `/loans/${loanId}`);
    await page.getByRole('button', { name: `Cancel booking for ${asset.name}` }).click();
    await expect(page.getByText(`Cancel your booking of ${asset.name}? The asset becomes free for others.`)).toBeVisible();
    await screenshot(page, testInfo, 'lending-gaps-cancel-own-booking');
    await page.getByRole('button', { name: 'Yes, cancel it' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Booking cancelled. The asset is free for others again' })).toBeVisible();
    expect(await loanRow(loanId)).toMatchObject({ status: 'CANCELLED', cancellation_reason: null });
    await page.reload();
    await expect(page.getByTestId('loan-status')).toContainText('Cancelled');
    await expect(page.getByRole('button', { name: `Cancel booking for ${asset.name}` })).toHaveCount(0);
  });

  test('a manager cancels somebody’s booking only with a reason, and the borrower reads it', async ({ page }, testInfo) => {
    const asset = await createAsset('Oak');
    const loanId = await insertLoan(asset.id, 'acme-employee-2', 'APPROVED', addDays(today(), 2), addDays(today(), 4));
    // A pasted link is long unbroken text: the page must still fit the phone's width.
    const reason = `The mast is cracked, see https://acme.example/maintenance/${'inspection-report-'.repeat(6)}final`;

    await open(page, 'acme-manager', `/loans/${loanId}`);
    await page.getByRole('button', { name: `Cancel booking for ${asset.name}` }).click();
    await expect(page.getByText(`Cancel Eli Novak’s booking of ${asset.name}?`)).toBeVisible();
    await page.getByRole('button', { name: 'Cancel the booking' }).click();
    const field = page.getByLabel('Reason for the borrower');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Say in a few words why, for the borrower.')).toBeVisible();
    expect((await loanRow(loanId)).status).toBe('APPROVED');
    await screenshot(page, testInfo, 'lending-gaps-manager-cancel-no-reason');

    await field.fill(reason);
    await page.getByRole('button', { name: 'Cancel the booking' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Booking cancelled.' })).toBeVisible();
    expect(await loanRow(loanId)).toMatchObject({ status: 'CANCELLED', cancellation_reason: reason });
    const borrower = await userId('acme-employee-2');
    const told = await ownerSql()`select kind, title from notifications where loan_id = ${loanId} and user_id = ${borrower}`;
    expect(told).toEqual([{ kind: 'LOAN_CANCELLED', title: `Booking cancelled: ${asset.name}` }]);
    const mail = await ownerSql()`select payload from outbox where idempotency_key = ${`loan-cancelled:${loanId}`}`;
    expect(mail[0]?.payload).toMatchObject({ template: 'loan-cancelled', to: 'eli.novak@acme.example', data: { reason, cancelledByName: 'Marcus Reyes' } });
    const audit = await ownerSql()`select action, metadata from audit_log where target_id = ${loanId}`;
    expect(audit).toEqual([{ action: 'LOAN_CANCELLED', metadata: { reason, byManager: true } }]);

    await page.context().clearCookies();
    await open(page, 'acme-employee-2', `/loans/${loanId}`);
    await expect(page.getByTestId('loan-cancellation-reason')).toHaveText(reason);
    await expect(page.getByTestId('loan-timeline')).toContainText('Marcus Reyes');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
    await screenshot(page, testInfo, 'lending-gaps-borrower-sees-reason');
  });

  test('a manager checks an asset out at the desk: a person and a return date from today are needed', async ({ page }, testInfo) => {
    const asset = await createAsset('Ash');
    await open(page, 'acme-manager', `/assets/${asset.id}`);
    await page.getByRole('link', { name: 'Check out to someone' }).click();
    await expect(page.getByRole('heading', { name: 'Check out at the desk' })).toBeVisible();
    await screenshot(page, testInfo, 'lending-gaps-checkout-form');

    // Nobody chosen.
    await page.getByRole('button', { name: 'Check out now' }).click();
    await expect(page.getByText('Choose the person who takes the asset.')).toBeVisible();
    await expect(page.getByLabel('Who takes it')).toHaveAttribute('aria-invalid', 'true');

    // A person, and a return date in the past.
    await page.getByLabel('Who takes it').fill('Stone');
    await page.getByRole('button', { name: 'Choose Emma Stone' }).click();
    await page.getByLabel('Return date').fill(addDays(today(), -2));
    await page.getByLabel('What it is for').fill('Club race on Saturday');
    await page.getByRole('button', { name: 'Check out now' }).click();
    await expect(page.getByText('Choose a return date from today on.')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Chosen person' })).toContainText('Emma Stone');
    await expect(page.getByLabel('Return date')).toHaveValue(addDays(today(), -2));
    await expect(page.getByLabel('What it is for')).toHaveValue('Club race on Saturday');
    await screenshot(page, testInfo, 'lending-gaps-checkout-past-date');
    expect((await ownerSql()`select count(*)::int as n from loans where asset_id = ${asset.id}`)[0]!.n).toBe(0);

    await page.getByLabel('Return date').fill(addDays(today(), 6));
    await page.getByRole('button', { name: 'Check out now' }).click();
    await page.waitForURL(/\/loans\/[0-9a-f-]{36}\?done=checked-out$/);
    await expect(page.getByRole('status').filter({ hasText: `Checked out at the desk. Emma Stone has ${asset.name} until` })).toBeVisible();
    await expect(page.getByTestId('loan-status')).toContainText('On loan');
    await screenshot(page, testInfo, 'lending-gaps-checked-out');

    const loanId = new URL(page.url()).pathname.split('/').pop()!;
    const [loan] = await ownerSql()`select status, requester_id, decided_by_id, start_date::text as start, end_date::text as end, purpose from loans where id = ${loanId}`;
    expect(loan).toEqual({ status: 'ACTIVE', requester_id: await userId('acme-employee-1'), decided_by_id: await userId('acme-manager'), start: today(), end: addDays(today(), 6), purpose: 'Club race on Saturday' });
    expect((await ownerSql()`select status from assets where id = ${asset.id}`)[0]!.status).toBe('LOANED');
    expect((await ownerSql()`select action from audit_log where target_id = ${loanId}`).map((r) => r.action)).toEqual(['LOAN_CHECKED_OUT']);
  });

  test('an employee has no desk checkout', async ({ page }) => {
    const asset = await createAsset('Elm');
    await open(page, 'acme-employee-1', `/assets/${asset.id}`);
    await expect(page.getByRole('link', { name: 'Borrow', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Check out to someone' })).toHaveCount(0);
    const response = await page.goto(tenantUrl('acme', `/loans/checkout?assetId=${asset.id}`));
    expect(response!.status()).toBe(403);
    await expect(page.getByRole('button', { name: 'Check out now' })).toHaveCount(0);
  });

  test('a second request for the same dates is flagged, names the first, and is filed once confirmed', async ({ page }, testInfo) => {
    const asset = await createAsset('Birch');
    const start = addDays(today(), 10);
    const end = addDays(today(), 12);
    const first = await insertLoan(asset.id, 'acme-employee-1', 'PENDING_APPROVAL', start, end);

    await open(page, 'acme-employee-1', `/loans/new?assetId=${asset.id}&step=3&start=${start}&end=${end}`);
    await expect(page.getByRole('heading', { name: 'Step 3: reason and approver' })).toBeVisible();
    await page.getByLabel('What do you need it for?').fill('Training camp');
    await page.getByRole('button', { name: 'Send request' }).click();
    const warning = page.getByTestId('duplicate-request');
    await expect(warning).toContainText('You already asked for this asset from');
    await expect(warning.getByRole('link', { name: 'that request' })).toHaveAttribute('href', new RegExp(`/loans/${first}$`));
    await expect(page.getByLabel('What do you need it for?')).toHaveValue('Training camp');
    expect((await ownerSql()`select count(*)::int as n from loans where asset_id = ${asset.id}`)[0]!.n).toBe(1);
    await screenshot(page, testInfo, 'lending-gaps-duplicate-warning');

    await page.getByRole('button', { name: 'Send a second request' }).click();
    await page.waitForURL(/\/loans\/[0-9a-f-]{36}\?filed=\w+$/);
    const second = new URL(page.url()).pathname.split('/').pop()!;
    expect(second).not.toBe(first);
    const rows = await ownerSql()`select id, purpose from loans where asset_id = ${asset.id} order by created_at`;
    expect(rows.map((r) => r.purpose)).toEqual(['Regatta on the lake', 'Training camp']);
  });
});
