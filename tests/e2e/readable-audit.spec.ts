import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { ownerSql } from './support/db';
import { tenantUrl } from './support/e2e-state';
import { screenshot } from './support/screenshot';
import { signIn } from './support/sign-in';

const ACME_ID = '0b4c3a7e-0000-4000-8000-00000000ac01';
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
// Developer wording a person must never read: enum values, JSON, and ISO timestamps.
const RAW = /\b(AVAILABLE|LOANED|PENDING_APPROVAL|LOAN_APPROVED|ASSET_UPDATED|BRANDING_UPDATED)\b|[{}]|\d{4}-\d{2}-\d{2}T/;

async function userId(subject: string): Promise<string> {
  const [row] = await ownerSql()`select id from users where organisation_id = ${ACME_ID} and idp_subject = ${subject}`;
  return row!.id as string;
}

test.describe('a readable audit log', () => {
  test('entries name records and word values, for a location move, a status change and branding', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', 'changes data');
    const sql = ownerSql();
    const stamp = randomUUID().slice(0, 6);
    const [asset] = await sql`select id, name, location_id from assets where organisation_id = ${ACME_ID} order by inventory_number limit 1`;
    const [from] = await sql`select name from locations where id = ${asset!.location_id}`;
    const [annex] = await sql`insert into locations (organisation_id, name) values (${ACME_ID}, ${`Annex ${stamp}`}) returning id`;
    const gone = randomUUID();
    const admin = await userId('acme-admin');
    // Signed in first: the sign-in is an audit entry too (ADMIN_SIGNED_IN), older than the three below.
    await signIn(page, 'acme-admin', { path: '/dashboard' });
    await sql`insert into audit_log (organisation_id, actor_type, actor_user_id, action, target_type, target_id, asset_id, changes) values
      (${ACME_ID}, 'USER', ${admin}, 'ASSET_UPDATED', 'ASSET', ${asset!.id}, ${asset!.id},
        ${sql.json({ locationId: { before: asset!.location_id, after: annex!.id }, status: { before: 'AVAILABLE', after: 'MAINTENANCE' }, purchaseDate: { before: null, after: '2026-11-24' } })}),
      (${ACME_ID}, 'USER', ${admin}, 'ASSET_UPDATED', 'ASSET', ${asset!.id}, ${asset!.id}, ${sql.json({ locationId: { before: gone, after: annex!.id } })}),
      (${ACME_ID}, 'USER', ${admin}, 'BRANDING_UPDATED', 'ORGANISATION', ${ACME_ID}, null,
        ${sql.json({ primaryColor: { before: '#1f4f8a', after: '#0f766e' }, logoSvg: { before: null, after: '<svg xmlns="http://www.w3.org/2000/svg"/>' } })})`;

    await page.goto(tenantUrl('acme', '/admin/audit-log'));
    await expect(page).toHaveTitle('Audit log · Quartermaster');
    const entries = page.getByTestId('audit-entry');
    const [branding, moved, changed] = [entries.nth(0), entries.nth(1), entries.nth(2)];
    await expect(branding.getByTestId('audit-sentence')).toHaveText('Ada Lovelace changed the branding.');
    await expect(branding.getByTestId('audit-changes')).toContainText(/Primary colour\s*#1f4f8a\s*→\s*#0f766e/);
    await expect(branding.getByTestId('audit-changes')).toContainText(/Logo\s*Added/);
    await expect(moved.getByTestId('audit-changes')).toContainText(new RegExp(`Location\\s*a deleted location\\s*→\\s*Annex ${stamp}`));
    await expect(changed.getByTestId('audit-sentence')).toHaveText(`Ada Lovelace changed the asset ${asset!.name as string}.`);
    await expect(changed.getByRole('link', { name: asset!.name as string })).toHaveAttribute('href', `/assets/${asset!.id as string}`);
    await expect(changed.getByTestId('audit-changes')).toContainText(new RegExp(`Location\\s*${from!.name as string}\\s*→\\s*Annex ${stamp}`));
    await expect(changed.getByTestId('audit-changes')).toContainText(/Status\s*Available\s*→\s*Maintenance/);
    await expect(changed.getByTestId('audit-changes')).toContainText(/Purchase date\s*—\s*→\s*24 Nov 2026/);
    for (const entry of [branding, moved, changed]) {
      const text = await entry.innerText();
      expect(text).not.toMatch(UUID);
      expect(text).not.toMatch(RAW);
    }
  });

  test('reads at phone width without sideways scrolling, every entry a sentence', async ({ page }, testInfo) => {
    await signIn(page, 'acme-admin', { path: '/admin/audit-log' });
    const entries = page.getByTestId('audit-entry');
    await expect(entries.first()).toBeVisible();
    for (const text of await entries.allInnerTexts()) {
      expect(text).not.toMatch(UUID);
      expect(text).not.toMatch(RAW);
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, testInfo, 'audit-log-readable');
  });

  test('pages are titled by what they show', async ({ page }) => {
    const [asset] = await ownerSql()`select id, name from assets where organisation_id = ${ACME_ID} order by inventory_number limit 1`;
    const [loan] = await ownerSql()`select l.id, a.name from loans l join assets a on a.id = l.asset_id where l.organisation_id = ${ACME_ID} and l.requester_id = ${await userId('acme-manager')} limit 1`;
    await signIn(page, 'acme-manager', { path: `/assets/${asset!.id as string}` });
    await expect(page).toHaveTitle(`${asset!.name as string} · Quartermaster`);
    await page.goto(tenantUrl('acme', `/assets/${asset!.id as string}/edit`));
    await expect(page).toHaveTitle(`Edit ${asset!.name as string} · Quartermaster`);
    await page.goto(tenantUrl('acme', `/assets/${asset!.id as string}/label`));
    await expect(page).toHaveTitle(`Label of ${asset!.name as string} · Quartermaster`);
    if (loan) {
      await page.goto(tenantUrl('acme', `/loans/${loan.id as string}`));
      await expect(page).toHaveTitle(`Loan of ${loan.name as string} · Quartermaster`);
    }
    await page.goto(tenantUrl('acme', '/assets'));
    await expect(page).toHaveTitle('Assets · Quartermaster');
  });

  test('the asset list sorts by a column header, both ways', async ({ page }) => {
    await signIn(page, 'acme-manager', { path: '/assets?limit=100' });
    test.skip(page.viewportSize()!.width < 768, 'the table shows from tablet width; phones sort with the Sort by menu');
    await page.getByRole('link', { name: /^Name\W*sort ascending/i }).click();
    await expect(page).toHaveURL(/sort=name/);
    await expect(page.getByRole('columnheader', { name: /^Name/i })).toHaveAttribute('aria-sort', 'ascending');
    const names = async () => page.getByTestId('asset-row').locator('td:nth-child(2)').allInnerTexts();
    const byName = (a: string, b: string) => (a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0);
    const ascending = await names();
    expect(ascending.length).toBeGreaterThan(1);
    expect(ascending).toEqual([...ascending].sort(byName));
    await page.getByRole('link', { name: /^Name\W*sort descending/i }).click();
    await expect(page).toHaveURL(/sort=-name/);
    await expect(page.getByRole('columnheader', { name: /^Name/i })).toHaveAttribute('aria-sort', 'descending');
    await expect.poll(async () => (await names())[0]).not.toBe(ascending[0]);
    const descending = await names();
    expect(descending).toEqual([...descending].sort(byName).reverse());
    await expect(page.getByLabel('Sort by', { exact: true })).toHaveValue('-name');
  });
});
