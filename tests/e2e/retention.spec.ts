import { expect, test } from '@playwright/test';
import { ownerSql } from './support/db';
import { screenshot } from './support/screenshot';
import { signIn } from './support/sign-in';

const organisationId = async (slug: string) => (await ownerSql()`select id from organisations where slug = ${slug}`)[0]!.id as string;

test.describe('retention', () => {
  test('an admin reads the policy, previews the next run and must confirm a real one', async ({ page }, testInfo) => {
    const acme = await organisationId('acme');
    const [before] = await ownerSql()`select count(*)::int as n from retention_runs where organisation_id = ${acme} and dry_run = false`;

    await signIn(page, 'acme-admin', { path: '/admin/retention' });
    await expect(page.getByRole('heading', { level: 1, name: 'Retention' })).toBeVisible();
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Retention' }).first()).toHaveAttribute('href', '/admin/retention');
    // A table from the small breakpoint up, a list on a phone.
    const phone = testInfo.project.name === 'phone';
    const entries = (name: string) => (phone ? page.getByRole('list', { name }).getByRole('listitem') : page.getByRole('table', { name }).getByRole('row'));
    const kind = (text: string) => entries('Retention policy').filter({ hasText: text });
    const training = kind('Training');
    await expect(training).toContainText('7 years');
    await expect(training).toContainText('Deleted');
    await expect(kind('Person')).toContainText('Anonymised');
    await expect(kind('Mentoring session')).toContainText('forever');
    await expect(kind('Audit log')).toContainText('7 years (2,557 days)');
    await expect(kind('Messages')).toContainText('365 days after it is written');

    await page.getByRole('button', { name: 'Preview next run' }).click();
    await expect(page.getByRole('status').filter({ hasText: /A run now would|Nothing is past its retention period/ })).toBeVisible();
    const [dry] = await ownerSql()`select status, results from retention_runs where organisation_id = ${acme} and dry_run = true order by started_at desc limit 1`;
    expect(dry!.status).toBe('succeeded');
    const newest = entries('Retention runs').nth(phone ? 0 : 1);
    await expect(newest).toContainText('Manual run, preview only');
    await expect(newest).toContainText('Succeeded');

    await page.getByRole('button', { name: 'Run now' }).click();
    await expect(page.getByText('Tick the box to confirm that past-retention records are deleted for good.')).toBeVisible();
    const [after] = await ownerSql()`select count(*)::int as n from retention_runs where organisation_id = ${acme} and dry_run = false`;
    expect(after!.n).toBe(before!.n);
    await screenshot(page, testInfo, 'admin-retention');
  });

  test('an employee gets the 403 page', async ({ page }) => {
    await signIn(page, 'acme-employee-1', { path: '/admin/retention' });
    await expect(page.getByRole('heading', { name: 'You do not have access to this page' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Preview next run' })).toHaveCount(0);
  });
});
