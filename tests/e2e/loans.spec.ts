import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { addDays, toIsoDate } from '@/lib/platform/time';
import { ownerSql } from './support/db';
import { tenantUrl } from './support/e2e-state';
import { screenshot } from './support/screenshot';
import { signIn } from './support/sign-in';

const ACME_ID = '0b4c3a7e-0000-4000-8000-00000000ac01';
const today = () => toIsoDate(new Date());

async function userId(subject: string): Promise<string> {
  const [row] = await ownerSql()`select id from users where organisation_id = ${ACME_ID} and idp_subject = ${subject}`;
  return row!.id as string;
}

/** An asset of this spec's own, named uniquely, so searching for it finds exactly it and no other spec books it. */
async function createAsset(label: string): Promise<{ id: string; name: string; inventoryNumber: string }> {
  const stamp = randomUUID().slice(0, 6);
  const name = `${label} Periscope ${stamp}`;
  const inventoryNumber = `ACME-E2E-${stamp.toUpperCase()}`;
  const [row] = await ownerSql()`
    insert into assets (organisation_id, name, category_id, location_id, status, inventory_number)
    select organisation_id, ${name}, category_id, location_id, 'AVAILABLE', ${inventoryNumber}
    from assets where organisation_id = ${ACME_ID} limit 1
    returning id`;
  return { id: row!.id as string, name, inventoryNumber };
}

async function insertLoan(assetId: string, requester: string, status: string, start: string, end: string, purpose: string): Promise<string> {
  const [row] = await ownerSql()`
    insert into loans (organisation_id, asset_id, requester_id, status, start_date, end_date, purpose, decided_at, picked_up_at, returned_at)
    values (${ACME_ID}, ${assetId}, ${await userId(requester)}, ${status}, ${start}, ${end}, ${purpose},
      ${status === 'PENDING_APPROVAL' ? null : new Date()}, ${status === 'RETURNED' || status === 'ACTIVE' ? new Date() : null}, ${status === 'RETURNED' ? new Date() : null})
    returning id`;
  return row!.id as string;
}

async function loanRow(loanId: string) {
  const [row] = await ownerSql()`
    select status, approver_id, start_date::text as start_date, end_date::text as end_date, purpose, extension_requested_end_date::text as extension_end
    from loans where id = ${loanId}`;
  return row!;
}

async function expectTab(page: Page, tab: 'active' | 'pending' | 'history'): Promise<void> {
  await page.goto(tenantUrl('acme', `/loans?tab=${tab}`));
  await expect(page.getByRole('navigation', { name: 'Loan lists' }).locator('[aria-current="page"]')).toContainText(tab[0]!.toUpperCase() + tab.slice(1));
}

test.describe('loans', () => {
  test('the wizard prefills free dates after the bookings and offers the last reason instead of filling it in', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', 'changes data');
    const asset = await createAsset('Pewter');
    await insertLoan(asset.id, 'acme-employee-1', 'RETURNED', addDays(today(), -20), addDays(today(), -18), 'Survey of the harbour');
    await insertLoan(asset.id, 'acme-employee-2', 'APPROVED', today(), addDays(today(), 4), 'Booked first');

    await signIn(page, 'acme-employee-1', { path: `/loans/new?assetId=${asset.id}` });
    await expect(page.getByRole('heading', { name: 'Step 2: pick the dates' })).toBeVisible();
    // Three days like last time, from the first day the approved loan leaves free.
    await expect(page.getByLabel('Pickup date')).toHaveValue(addDays(today(), 5));
    await expect(page.getByLabel('Return date')).toHaveValue(addDays(today(), 7));
    await expect(page.getByText('The first free period as long as your last similar loan is prefilled.')).toBeVisible();
    await expect(page.getByTestId('date-ok')).toBeVisible();
    await expect(page.getByTestId('date-conflict')).toHaveCount(0);
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page.getByRole('heading', { name: 'Step 3: reason and approver' })).toBeVisible();
    const purpose = page.getByLabel('What do you need it for?');
    await expect(purpose).toHaveValue('');
    await screenshot(page, testInfo, 'loans-wizard-purpose-suggestion');
    await page.getByRole('button', { name: 'Use your last reason: Survey of the harbour' }).click();
    await expect(purpose).toHaveValue('Survey of the harbour');
    await page.getByRole('button', { name: 'Send request' }).click();
    await page.waitForURL(/\/loans\/[0-9a-f-]{36}\?filed=\w+$/);
    const loanId = new URL(page.url()).pathname.split('/').pop()!;
    expect(await loanRow(loanId)).toMatchObject({ start_date: addDays(today(), 5), end_date: addDays(today(), 7), purpose: 'Survey of the harbour' });
    await expect(page).toHaveTitle(`Loan of ${asset.name} · Quartermaster`);
  });

  test('an employee requests, edits and cancels; the approver decides; extension and history follow the policy', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', 'changes data');
    const sql = ownerSql();
    const [org] = await sql`select loan_policy from organisations where id = ${ACME_ID}`;
    const manager = await userId('acme-manager');
    // The organisation's rules name Marcus as approver and extensions need approval; restored afterwards.
    await sql`update organisations set loan_policy = ${sql.json({ ...(org!.loan_policy ?? {}), requireApproval: true, approverRules: [], defaultApproverUserId: manager, extensions: 'REQUIRES_APPROVAL', maxLoanDays: 30, maxAdvanceBookingDays: 90 })} where id = ${ACME_ID}`;
    try {
      const asset = await createAsset('Brass');
      await insertLoan(asset.id, 'acme-employee-1', 'APPROVED', addDays(today(), 2), addDays(today(), 5), 'Booked first');
      const other = await createAsset('Copper');
      const otherLoan = await insertLoan(other.id, 'acme-employee-2', 'PENDING_APPROVAL', addDays(today(), 20), addDays(today(), 21), 'Trade fair');
      const returnedLoan = await insertLoan(other.id, 'acme-employee-2', 'RETURNED', addDays(today(), -10), addDays(today(), -8), 'Past workshop');

      await signIn(page, 'acme-employee-2', { path: '/loans/new' });
      await expect(page.getByRole('navigation', { name: 'Request steps' }).locator('[aria-current="step"]')).toContainText('Choose the asset');
      await page.getByLabel('Search assets').fill(asset.name.slice(6, -2));
      const result = page.getByTestId('asset-result').filter({ hasText: asset.name });
      await expect(result).toHaveCount(1);
      await expect(result).toContainText('Available');
      await screenshot(page, testInfo, 'loans-wizard-step-1');
      await result.getByRole('link', { name: `Choose ${asset.name}` }).click();

      await expect(page).toHaveURL(new RegExp(`assetId=${asset.id}`));
      await expect(page.getByRole('heading', { name: 'Step 2: pick the dates' })).toBeVisible();
      await expect(page.getByTestId('availability')).toContainText('Booked');
      // Dates that run into the approved loan are said to before anything is filed.
      await page.getByLabel('Pickup date').fill(addDays(today(), 1));
      await page.getByLabel('Return date').fill(addDays(today(), 3));
      await expect(page.getByTestId('date-conflict')).toContainText('Conflicts with an approved loan from');
      await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
      await screenshot(page, testInfo, 'loans-wizard-step-2-conflict');
      await page.getByLabel('Pickup date').fill(addDays(today(), 7));
      await page.getByLabel('Return date').fill(addDays(today(), 9));
      await expect(page.getByTestId('date-ok')).toBeVisible();
      await expect(page.getByTestId('date-conflict')).toHaveCount(0);
      await page.getByRole('button', { name: 'Continue' }).click();

      await expect(page.getByRole('heading', { name: 'Step 3: reason and approver' })).toBeVisible();
      await expect(page.getByTestId('summary-approver')).toHaveText('Marcus Reyes');
      await page.getByLabel('What do you need it for?').fill('Site survey in Rotterdam');
      await screenshot(page, testInfo, 'loans-wizard-step-3');
      await page.getByRole('button', { name: 'Send request' }).click();

      await page.waitForURL(/\/loans\/[0-9a-f-]{36}\?filed=emailed$/);
      const loanId = new URL(page.url()).pathname.split('/').pop()!;
      await expect(page.getByRole('status')).toContainText('Request sent. An e-mail is on its way to Marcus Reyes');
      await expect(page.getByTestId('loan-status')).toContainText('Awaiting approval');
      const filed = await loanRow(loanId);
      expect(filed).toMatchObject({ status: 'PENDING_APPROVAL', approver_id: manager, start_date: addDays(today(), 7), end_date: addDays(today(), 9), purpose: 'Site survey in Rotterdam' });
      // The request's outbox event is fanned out to the approver's e-mail by the in-process deliver-outbox job.
      const mailOf = () => sql`select payload from outbox where organisation_id = ${ACME_ID} and idempotency_key = ${`loan-requested:${loanId}:${manager}`}`;
      await expect.poll(async () => (await mailOf()).length, { timeout: 15_000 }).toBe(1);
      const mail = await mailOf();
      expect(JSON.stringify(mail[0]!.payload)).toContain('marcus.manager@acme.example');

      await expectTab(page, 'pending');
      await expect(page.getByTestId('my-loan').filter({ hasText: asset.name })).toBeVisible();
      const pendingCount = Number(await page.getByTestId('tab-count-pending').textContent());
      const [{ n }] = (await sql`select count(*)::int as n from loans where requester_id = ${await userId('acme-employee-2')} and status = 'PENDING_APPROVAL'`) as unknown as [{ n: number }];
      expect(pendingCount).toBe(n);

      const otherRow = page.locator(`[data-loan-id="${otherLoan}"]`);
      await otherRow.getByRole('button', { name: `Edit request for ${other.name}` }).click();
      await otherRow.getByLabel('Return date').fill(addDays(today(), 22));
      await otherRow.getByLabel('Purpose').fill('Trade fair, both days and set-up');
      await otherRow.getByRole('button', { name: 'Save changes' }).click();
      // The edited textarea already shows the new text, so the stored row, not the page, says when the save is done.
      await expect.poll(() => loanRow(otherLoan)).toMatchObject({ status: 'PENDING_APPROVAL', end_date: addDays(today(), 22), purpose: 'Trade fair, both days and set-up' });
      await expect(otherRow.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
      await expect(otherRow).toContainText('Trade fair, both days and set-up');
      await otherRow.getByRole('button', { name: `Cancel request for ${other.name}` }).click();
      await otherRow.getByRole('button', { name: 'Yes, cancel it' }).click();
      await expect(page.locator(`[data-loan-id="${otherLoan}"]`)).toHaveCount(0);
      expect((await loanRow(otherLoan)).status).toBe('CANCELLED');

      await page.context().clearCookies();
      await signIn(page, 'acme-manager', { path: `/loans/${loanId}` });
      await expect(page.getByTestId('loan-approver')).toHaveText('Marcus Reyes');
      await page.getByRole('button', { name: 'Approve', exact: true }).click();
      await expect(page.getByRole('status')).toContainText('Approved.');
      await expect(page.getByTestId('loan-status')).toContainText('Ready for pickup');
      expect((await loanRow(loanId)).status).toBe('APPROVED');
      await expect(page.getByTestId('loan-timeline')).toContainText('Loan approved');

      await page.context().clearCookies();
      await signIn(page, 'acme-employee-2', { path: '/loans' });
      const active = page.locator(`[data-loan-id="${loanId}"]`);
      await expect(active.getByTestId('loan-countdown')).toHaveText('9 days left');
      await screenshot(page, testInfo, 'loans-my-loans-active');
      await active.getByRole('button', { name: `Request extension for ${asset.name}` }).click();
      await active.getByLabel('New return date').fill(addDays(today(), 12));
      await active.getByRole('button', { name: 'Request extension', exact: true }).click();
      await expect(active.getByTestId('extension-pending')).toContainText('requested; waiting for your approver');
      expect(await loanRow(loanId)).toMatchObject({ status: 'APPROVED', end_date: addDays(today(), 9), extension_end: addDays(today(), 12) });

      await expectTab(page, 'history');
      await expect(page.locator(`[data-loan-id="${otherLoan}"]`)).toContainText('Cancelled');
      await expect(page.locator(`[data-loan-id="${returnedLoan}"]`)).toContainText('Returned');
      await screenshot(page, testInfo, 'loans-my-loans-history');
    } finally {
      await sql`update organisations set loan_policy = ${org!.loan_policy === null ? null : sql.json(org!.loan_policy)} where id = ${ACME_ID}`;
    }
  });

  test('the screens at every width: wizard steps, tabs, a loan, and the scanner with its typed fallback', async ({ page }, testInfo) => {
    const asset = await createAsset('Silver');
    const loanId = await insertLoan(asset.id, 'acme-employee-2', 'PENDING_APPROVAL', addDays(today(), 30), addDays(today(), 32), 'Board meeting demo');
    await signIn(page, 'acme-employee-2', { path: `/loans/new?q=${encodeURIComponent(asset.name)}` });
    await expect(page.getByTestId('asset-result')).toHaveCount(1);
    await screenshot(page, testInfo, 'loans-wizard-search');
    await page.goto(tenantUrl('acme', `/loans/new?assetId=${asset.id}`));
    await expect(page.getByTestId('availability')).toContainText('Requested');
    await screenshot(page, testInfo, 'loans-wizard-dates');
    await page.goto(tenantUrl('acme', `/loans/new?assetId=${asset.id}&step=3&start=${addDays(today(), 1)}&end=${addDays(today(), 2)}`));
    await expect(page.getByRole('heading', { name: 'Step 3: reason and approver' })).toBeVisible();
    await screenshot(page, testInfo, 'loans-wizard-reason');

    await expectTab(page, 'pending');
    await expect(page.locator(`[data-loan-id="${loanId}"]`)).toContainText('Board meeting demo');
    await screenshot(page, testInfo, 'loans-my-loans-pending');
    await page.goto(tenantUrl('acme', `/loans/${loanId}`));
    await expect(page.getByRole('heading', { level: 1, name: asset.name })).toBeVisible();
    // Arranged straight in the database, so no audit entries: the history says so rather than showing nothing.
    await expect(page.getByTestId('loan-timeline-empty')).toBeVisible();
    await screenshot(page, testInfo, 'loans-detail');

    // Another person's loan does not exist for an employee.
    const foreign = await insertLoan(asset.id, 'acme-employee-1', 'PENDING_APPROVAL', addDays(today(), 40), addDays(today(), 41), 'Not yours');
    const response = await page.goto(tenantUrl('acme', `/loans/${foreign}`));
    expect(response?.status()).toBe(404);

    await page.goto(tenantUrl('acme', '/scan'));
    await expect(page.getByTestId('qr-scanner').getByRole('alert')).toContainText(/camera/i);
    await screenshot(page, testInfo, 'loans-scan');
    await page.getByLabel('Inventory number or code').fill('https://evil.example/q/abc');
    await page.getByRole('button', { name: 'Find asset' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'another site' })).toContainText('evil.example');
    await page.getByLabel('Inventory number or code').fill(asset.inventoryNumber.toLowerCase());
    await page.getByRole('button', { name: 'Find asset' }).click();
    await page.waitForURL((url) => url.pathname === `/assets/${asset.id}`);
  });
});
