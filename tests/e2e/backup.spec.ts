import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { ownerSql } from './support/db';
import { screenshot } from './support/screenshot';
import { signIn } from './support/sign-in';

const organisationId = async (slug: string) => ((await ownerSql()`select id from organisations where slug = ${slug}`)[0]!.id as string);

test.describe('backup', () => {
  test("an admin creates a backup, sees it become ready and downloads exactly acme's data", async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', 'Creates a backup; runs once, on desktop.');
    const acme = await organisationId('acme');
    const globex = await organisationId('globex');
    const before = (await ownerSql()`select id from backups where organisation_id = ${acme}`).map((row) => row.id as string);

    await signIn(page, 'acme-admin', { path: '/admin/backup' });
    await expect(page.getByRole('heading', { level: 1, name: 'Backup' })).toBeVisible();
    await page.getByRole('button', { name: 'Create backup' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Backup requested' })).toBeVisible();

    const created = (await ownerSql()`select id from backups where organisation_id = ${acme} order by created_at desc`).filter((row) => !before.includes(row.id as string));
    expect(created).toHaveLength(1);
    const backupId = created[0]!.id as string;
    const row = page.locator(`tr[data-backup-id="${backupId}"]`);
    await expect(row).toContainText('Ada Lovelace');
    await expect(row.getByText('Ready', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Create backup' })).toBeEnabled();
    const [stored] = await ownerSql()`select status, size_bytes from backups where id = ${backupId}`;
    expect(stored).toMatchObject({ status: 'READY', size_bytes: expect.any(Number) });

    const downloading = page.waitForEvent('download');
    await row.getByRole('link', { name: /^Download/ }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^quartermaster-acme-\d{8}T\d{6}Z\.json\.gz$/);
    const bytes = readFileSync((await download.path())!);
    expect(bytes.length).toBe(stored!.size_bytes);
    const backup = JSON.parse(gunzipSync(bytes).toString('utf8')) as { manifest: { organisation: { slug: string }; rowCounts: Record<string, number> }; tables: Record<string, { id: string }[]> };

    const count = (await ownerSql()`select count(*)::int as count from assets where organisation_id = ${acme}`)[0]!.count as number;
    expect(backup.manifest.organisation.slug).toBe('acme');
    expect(backup.manifest.rowCounts.assets).toBe(count);
    expect(backup.tables.assets).toHaveLength(count);
    const text = JSON.stringify(backup);
    expect(text).not.toContain(globex);
    const globexAssets = await ownerSql()`select id from assets where organisation_id = ${globex}`;
    expect(globexAssets.length).toBeGreaterThan(0);
    for (const asset of globexAssets) expect(text).not.toContain(asset.id as string);

    const audit = await ownerSql()`select a.action, p.first_name from audit_log a left join users u on u.id = a.actor_user_id left join persons p on p.id = u.person_id
      where a.target_type = 'BACKUP' and a.target_id = ${backupId} order by a.id`;
    expect(audit).toEqual([
      { action: 'BACKUP_REQUESTED', first_name: 'Ada' },
      { action: 'BACKUP_COMPLETED', first_name: null },
      { action: 'BACKUP_DOWNLOADED', first_name: 'Ada' },
    ]);
  });

  test('the backup screen explains itself and lists the backups', async ({ page }, testInfo) => {
    await signIn(page, 'acme-admin', { path: '/admin/backup' });
    await expect(page.getByRole('heading', { level: 1, name: 'Backup' })).toBeVisible();
    await expect(page.getByText(/The newest 10 ready backups are kept/)).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Backups' })).toBeVisible();
    await screenshot(page, testInfo, 'admin-backup');
  });

  test('an employee gets the 403 page and cannot download a backup', async ({ page }, testInfo) => {
    const acme = await organisationId('acme');
    const [existing] = await ownerSql()`select id from backups where organisation_id = ${acme} and status = 'READY' limit 1`;
    const backupId = (existing?.id as string | undefined) ?? '00000000-0000-4000-8000-000000000000';
    const downloadsBefore = await ownerSql()`select id from audit_log where action = 'BACKUP_DOWNLOADED' and organisation_id = ${acme}`;

    await signIn(page, 'acme-employee-1', { path: '/admin/backup' });
    await expect(page.getByRole('heading', { name: 'You do not have access to this page' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create backup' })).toHaveCount(0);
    await screenshot(page, testInfo, 'admin-backup-forbidden');

    // From the page itself, with the employee's session cookie, as a click on a copied link would be.
    const response = await page.evaluate(async (path) => {
      const res = await fetch(path, { redirect: 'manual' });
      return { status: res.status, contentType: res.headers.get('content-type'), text: await res.text() };
    }, `/admin/backup/${backupId}/download`);
    expect(response).toEqual({ status: 403, contentType: 'text/plain; charset=utf-8', text: 'You do not have access to backups.' });
    const downloadsAfter = await ownerSql()`select id from audit_log where action = 'BACKUP_DOWNLOADED' and organisation_id = ${acme}`;
    expect(downloadsAfter).toHaveLength(downloadsBefore.length);
  });
});
