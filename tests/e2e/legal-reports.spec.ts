import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import Papa from 'papaparse';
import { ownerSql } from './support/db';
import { screenshot } from './support/screenshot';
import { signIn } from './support/sign-in';

const ACME_CONTACT = 'legal@acme.example';

const monthOf = (date: Date) => date.toISOString().slice(0, 7);
const lastMonth = () => {
  const now = new Date();
  return monthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)));
};

test.describe('legal reports', () => {
  test('an admin sets the legal contact, generates last month’s report and downloads it as CSV', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', 'Changes data; runs once, on desktop.');
    const [acme] = await ownerSql()`select id, legal_contact_email from organisations where slug = 'acme'`;
    const original = (acme!.legal_contact_email as string | null) ?? null;
    try {
      await signIn(page, 'acme-admin', { path: '/admin/settings' });
      const contact = page.getByLabel('Legal contact e-mail');
      await contact.fill('legal at acme');
      await page.getByRole('button', { name: 'Save legal contact' }).click();
      await expect(page.getByText('Enter an e-mail address such as legal@example.org.')).toBeVisible();
      await contact.fill(ACME_CONTACT);
      await page.getByRole('button', { name: 'Save legal contact' }).click();
      await expect(page.getByRole('status').filter({ hasText: `Monthly legal reports will be e-mailed to ${ACME_CONTACT}.` })).toBeVisible();
      const [stored] = await ownerSql()`select legal_contact_email from organisations where id = ${acme!.id}`;
      expect(stored!.legal_contact_email).toBe(ACME_CONTACT);

      await page.getByRole('navigation', { name: /admin/i }).getByRole('link', { name: 'Legal reports' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Legal reports' })).toBeVisible();
      await expect(page.getByTestId('legal-contact')).toContainText(`Reports are e-mailed to ${ACME_CONTACT}`);

      const month = page.getByLabel('Month', { exact: true });
      await month.fill(monthOf(new Date()));
      await page.getByRole('button', { name: 'Generate report' }).click();
      await expect(page.getByText(/is not over yet/)).toBeVisible();

      await month.fill(lastMonth());
      await page.getByRole('button', { name: 'Generate report' }).click();
      await expect(page.getByRole('status').filter({ hasText: `was sent to ${ACME_CONTACT}` })).toBeVisible();
      const card = page.locator(`[data-testid="legal-report"][data-month="${lastMonth()}"]`);
      await expect(card).toContainText(`E-mailed to ${ACME_CONTACT}`);
      await expect(card).toContainText('Erasure requests filed');
      const [report] = await ownerSql()`select id, figures from legal_reports where organisation_id = ${acme!.id} and period_start = ${`${lastMonth()}-01`}`;
      const figures = report!.figures as { erasure: { filed: number }; sensitiveAccess: { reads: number } };

      const downloading = page.waitForEvent('download');
      await card.getByRole('link', { name: /as CSV$/ }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(`legal-report-acme-${lastMonth()}.csv`);
      const rows = Papa.parse<string[]>(readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
      expect(rows).toContainEqual(['Erasure requests', '', 'Filed in the period', String(figures.erasure.filed)]);
      expect(rows).toContainEqual(['Top accessors of sensitive records', '', 'Reads of sensitive records', String(figures.sensitiveAccess.reads)]);
      await screenshot(page, testInfo, 'admin-legal-reports');
    } finally {
      await ownerSql()`update organisations set legal_contact_email = ${original} where id = ${acme!.id}`;
    }
  });

  test('an employee gets the 403 page and cannot download a report', async ({ page }) => {
    await signIn(page, 'acme-employee-1', { path: '/admin/legal-reports' });
    await expect(page.getByRole('heading', { name: 'You do not have access to this page' })).toBeVisible();
    const response = await page.evaluate(async (path) => {
      const res = await fetch(path, { redirect: 'manual' });
      return { status: res.status, text: await res.text() };
    }, '/admin/legal-reports/00000000-0000-4000-8000-000000000000/download?format=csv');
    expect(response).toEqual({ status: 403, text: 'You do not have access to legal reports.' });
  });
});
