import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
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

/** A fresh asset on loan to acme-employee-2 (Eli Novak), with the given dates and an extension request or not. */
async function arrangeLoan(label: string, start: string, end: string, extensionUntil: string | null = null): Promise<{ loanId: string; assetName: string }> {
  const stamp = randomUUID().slice(0, 6);
  const assetName = `${label} Sextant ${stamp}`;
  const [asset] = await ownerSql()`
    insert into assets (organisation_id, name, category_id, location_id, status, inventory_number)
    select organisation_id, ${assetName}, category_id, location_id, 'LOANED', ${`ACME-MGR-${stamp.toUpperCase()}`}
    from assets where organisation_id = ${ACME_ID} limit 1
    returning id`;
  const [loan] = await ownerSql()`
    insert into loans (organisation_id, asset_id, requester_id, status, start_date, end_date, purpose, decided_at, picked_up_at, extension_requested_end_date)
    values (${ACME_ID}, ${asset!.id}, ${await userId('acme-employee-2')}, 'ACTIVE', ${start}, ${end}, 'Harbour survey', now(), now(), ${extensionUntil})
    returning id`;
  return { loanId: loan!.id as string, assetName };
}

test.describe("the managers' loans view", () => {
  test('the Overdue card opens the overdue tab; a search by borrower narrows it; a row opens the loan', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'changes data; desktop only');
    const today = toIsoDate(new Date());
    const { loanId, assetName } = await arrangeLoan('Overdue', addDays(today, -6), addDays(today, -2));
    await signIn(page, 'acme-manager');

    await page.getByRole('link', { name: /^Overdue: / }).click();
    await expect(page).toHaveURL(tenantUrl('acme', '/loans?view=overdue'));
    await expect(page.getByRole('heading', { level: 1, name: 'Loans' })).toBeVisible();
    const tabs = page.getByRole('navigation', { name: 'Loan lists' });
    await expect(tabs.getByRole('link', { name: /^Overdue/ })).toHaveAttribute('aria-current', 'page');
    const [counts] = await ownerSql()`select count(*)::int as overdue from loans where organisation_id = ${ACME_ID} and status = 'ACTIVE' and end_date < ${today}::date`;
    await expect(page.getByTestId('view-count-overdue')).toHaveText(String(counts!.overdue));
    const row = page.locator(`[data-testid="organisation-loan"][data-loan-id="${loanId}"]`);
    await expect(row).toContainText(assetName);
    await expect(row).toContainText('Eli Novak');
    await expect(row).toContainText('Overdue');
    await screenshot(page, testInfo, 'manager-loans-overdue');

    await page.getByRole('searchbox', { name: 'Search by borrower or asset' }).fill('eli novak');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(tenantUrl('acme', '/loans?view=overdue&q=eli+novak'));
    await expect(row).toBeVisible();
    const borrowers = await page.getByTestId('organisation-loan').locator('td:nth-child(2)').allTextContents();
    expect(borrowers.length).toBeGreaterThan(0);
    for (const borrower of borrowers) expect(borrower).toContain('Eli Novak');
    await expect(tabs.getByRole('link', { name: /^Overdue/ })).toHaveAttribute('href', '/loans?view=overdue&q=eli+novak');

    await row.getByRole('link', { name: assetName }).click();
    await expect(page).toHaveURL(tenantUrl('acme', `/loans/${loanId}`));
    await expect(page.getByRole('heading', { level: 1, name: assetName })).toBeVisible();
    await expect(page.getByTestId('check-in').getByRole('button', { name: 'Check in at the desk' })).toBeVisible();
  });

  test('an extension request waits in the awaiting tab and on the dashboard, shown as current end → requested end', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'changes data; desktop only');
    const today = toIsoDate(new Date());
    const { loanId, assetName } = await arrangeLoan('Extension', addDays(today, -1), addDays(today, 2), addDays(today, 9));
    await signIn(page, 'acme-manager');

    const queued = page.locator(`[data-testid="approval-request"][data-loan-id="${loanId}"]`);
    await expect(queued).toContainText('Extension');
    await expect(queued.getByTestId('extension-dates')).toBeVisible();
    await expect(queued.getByRole('button', { name: `Approve Eli Novak’s extension for ${assetName}` })).toBeVisible();

    await page.getByRole('link', { name: /^Awaiting approval: / }).click();
    await expect(page).toHaveURL(tenantUrl('acme', '/loans?view=awaiting'));
    const row = page.locator(`[data-testid="organisation-loan"][data-loan-id="${loanId}"]`);
    await expect(row.getByTestId('extension-request')).toContainText('Extension asked');

    await page.goto(tenantUrl('acme', `/loans/${loanId}`));
    await page.getByRole('button', { name: 'Approve extension' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Approved. An e-mail is on its way to Eli Novak.' })).toBeVisible();
    const [stored] = await ownerSql()`select end_date::text, extension_requested_end_date from loans where id = ${loanId}`;
    expect(stored).toEqual({ end_date: addDays(today, 9), extension_requested_end_date: null });
  });

  test('employees keep their own loans at /loans, whatever view is asked for', async ({ page }) => {
    await signIn(page, 'acme-employee-1', { path: '/loans?view=overdue' });
    await expect(page.getByRole('heading', { level: 1, name: 'My loans' })).toBeVisible();
    await expect(page.getByTestId('organisation-loans')).toHaveCount(0);
  });
});
