import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { addDays, toIsoDate } from '@/lib/platform/time';
import { ownerSql } from './support/db';
import { tenantUrl } from './support/e2e-state';
import { signIn } from './support/sign-in';

const ACME_ID = '0b4c3a7e-0000-4000-8000-00000000ac01';

async function userId(subject: string): Promise<string> {
  const [row] = await ownerSql()`select id from users where organisation_id = ${ACME_ID} and idp_subject = ${subject}`;
  return row!.id as string;
}

async function stored(loanId: string) {
  const [row] = await ownerSql()`select l.status, a.status as asset_status from loans l join assets a on a.id = l.asset_id where l.id = ${loanId}`;
  return row!;
}

// The whole loop a borrower and an approver go through, on the screens only: find, request, approve, label, pick
// up, return by scanning the printed label; My loans shows the loan in the right tab at every step.
test('an employee borrows an asset from request to return through its printed label', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'changes data; the screens are photographed by their own specs');
  const today = toIsoDate(new Date());
  const stamp = randomUUID().slice(0, 6);
  const name = `Loop Theodolite ${stamp}`;
  const [asset] = await ownerSql()`
    insert into assets (organisation_id, name, category_id, location_id, status, inventory_number)
    select organisation_id, ${name}, category_id, location_id, 'AVAILABLE', ${`ACME-LOOP-${stamp.toUpperCase()}`}
    from assets where organisation_id = ${ACME_ID} limit 1
    returning id`;
  const assetId = asset!.id as string;
  await ownerSql()`insert into loans (organisation_id, asset_id, requester_id, status, start_date, end_date, purpose, decided_at)
    values (${ACME_ID}, ${assetId}, ${await userId('acme-employee-2')}, 'APPROVED', ${addDays(today, 7)}, ${addDays(today, 9)}, 'Booked first', now())`;

  await signIn(page, 'acme-employee-1', { path: '/loans/new' });
  await page.getByLabel('Search assets').fill(`theodolite ${stamp}`);
  const result = page.getByTestId('asset-result').filter({ hasText: name });
  await expect(result).toHaveCount(1);
  await expect(page).toHaveURL(/[?&]q=theodolite/);
  await page.waitForLoadState('networkidle');
  await result.getByRole('link', { name: `Choose ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`assetId=${assetId}`));
  await page.getByLabel('Pickup date').fill(addDays(today, 6));
  await page.getByLabel('Return date').fill(addDays(today, 8));
  await expect(page.getByTestId('date-conflict')).toContainText('Conflicts with an approved loan from');
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await page.getByLabel('Pickup date').fill(today);
  await page.getByLabel('Return date').fill(addDays(today, 5));
  await expect(page.getByTestId('date-ok')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('What do you need it for?').fill('Surveying the new car park');
  await page.getByRole('button', { name: 'Send request' }).click();
  await page.waitForURL(/\/loans\/[0-9a-f-]{36}\?filed=emailed$/);
  const loanId = new URL(page.url()).pathname.split('/').pop()!;
  expect(await stored(loanId)).toEqual({ status: 'PENDING_APPROVAL', asset_status: 'AVAILABLE' });
  await page.goto(tenantUrl('acme', '/loans?tab=pending'));
  await expect(page.locator(`[data-loan-id="${loanId}"]`)).toContainText(name);

  await page.context().clearCookies();
  await signIn(page, 'acme-manager');
  const request = page.locator(`[data-testid="approval-request"][data-loan-id="${loanId}"]`);
  await request.getByRole('button', { name: `Approve Emma Stone’s request for ${name}` }).click();
  await expect(request).toHaveCount(0);
  expect((await stored(loanId)).status).toBe('APPROVED');

  // The manager labels the asset; the label's secret exists on this screen only.
  await page.goto(tenantUrl('acme', `/assets/${assetId}/label`));
  await expect(page.getByTestId('label-status')).toContainText('no label yet');
  await page.getByRole('button', { name: 'Issue the label' }).click();
  const label = page.getByTestId('asset-label');
  await expect(label).toContainText(name);
  const secret = (await label.getByTestId('label-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Za-z0-9_-]{22}$/);
  await expect(label.getByTestId('asset-qr-code')).toHaveAttribute('data-qr-value', tenantUrl('acme', `/q/${secret}`));

  await page.context().clearCookies();
  await signIn(page, 'acme-employee-1', { path: '/loans?tab=active' });
  const active = page.locator(`[data-loan-id="${loanId}"]`);
  await expect(active.getByTestId('loan-countdown')).toHaveText('5 days left');
  await expect(page.locator(`[data-loan-id="${loanId}"]`)).toHaveCount(1);

  await page.goto(tenantUrl('acme', `/assets/${assetId}`));
  // The asset page's QR code names the asset and nothing more: it cannot stand in for the label.
  await expect(page.getByTestId('asset-qr-code')).toHaveAttribute('data-qr-value', tenantUrl('acme', `/assets/${assetId}`));
  expect(await page.content()).not.toContain(secret);
  await page.getByRole('button', { name: 'Pick up' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Picked up.' })).toBeVisible();
  expect(await stored(loanId)).toEqual({ status: 'ACTIVE', asset_status: 'LOANED' });
  await page.goto(tenantUrl('acme', '/loans?tab=active'));
  await expect(page.locator(`[data-loan-id="${loanId}"]`)).toContainText(name);

  // Without the label the asset page only explains how to return.
  await page.goto(tenantUrl('acme', `/assets/${assetId}`));
  await expect(page.getByTestId('return-needs-scan')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Return' })).toHaveCount(0);
  // What the phone camera does with the label: open the QR address.
  await page.goto(tenantUrl('acme', `/q/${secret}`));
  await page.getByRole('button', { name: 'Return' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Returned. Thank you!' })).toBeVisible();
  expect(await stored(loanId)).toEqual({ status: 'RETURNED', asset_status: 'AVAILABLE' });
  const [audit] = await ownerSql()`select metadata from audit_log where target_id = ${loanId} and action = 'LOAN_RETURNED'`;
  expect((audit!.metadata as Record<string, unknown>).viaQrCode).toBe(true);

  await page.goto(tenantUrl('acme', '/loans?tab=history'));
  await expect(page.locator(`[data-loan-id="${loanId}"]`)).toContainText('Returned');
  await page.goto(tenantUrl('acme', '/loans?tab=active'));
  await expect(page.locator(`[data-loan-id="${loanId}"]`)).toHaveCount(0);
});
