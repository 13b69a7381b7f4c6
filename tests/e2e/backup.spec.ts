import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { ownerSql } from './support/db';
import { screenshot } from './support/screenshot';
import { signIn } from './support/sign-in';
import { signInByCookie } from './support/sign-in-by-cookie';
import { tenantUrl } from './support/e2e-state';

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
    const text = gunzipSync(bytes).toString('utf8');
    const backup = JSON.parse(text) as { manifest: { organisation: { slug: string }; rowCounts: Record<string, number> }; tables: Record<string, string[]> };

    const count = (await ownerSql()`select count(*)::int as count from assets where organisation_id = ${acme}`)[0]!.count as number;
    expect(backup.manifest.organisation.slug).toBe('acme');
    expect(backup.manifest.rowCounts.assets).toBe(count);
    expect(backup.tables.assets!.length).toBeGreaterThan(0);
    // Sealed with the installation's keys: the file names its organisation and counts, and shows no row.
    const acmeAssets = await ownerSql()`select id, name from assets where organisation_id = ${acme} limit 5`;
    for (const asset of acmeAssets) {
      expect(text).not.toContain(asset.id as string);
      expect(text).not.toContain(asset.name as string);
    }
    expect(text).not.toContain(globex);

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
    await expect(page.getByRole('heading', { level: 2, name: 'Restore a backup' })).toBeVisible();
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

  test('an admin of a new, empty organisation restores acme\'s backup: a wrong file first, then the right one', async ({ page, context }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', 'Restores a backup; runs once, on desktop.');
    const acme = await organisationId('acme');
    const [ready] = await ownerSql()`select content from backups where organisation_id = ${acme} and status = 'READY' and content is not null order by created_at desc limit 1`;
    test.skip(!ready, 'Needs the backup the first test of this file makes.');

    // A new organisation with nothing but its admin: the empty target a restore asks for.
    const slug = `rst${Date.now().toString(36)}`;
    const [organisation] = await ownerSql()`insert into organisations (slug, name, plan_tier) values (${slug}, 'Acme Restored', 'ENTERPRISE') returning id`;
    const [person] = await ownerSql()`insert into persons (organisation_id, first_name, last_name, official_email) values (${organisation!.id}, 'Rhea', 'Restorer', ${`rhea@${slug}.example`}) returning id`;
    await ownerSql()`insert into users (organisation_id, person_id, idp_subject, email, role) values (${organisation!.id}, ${person!.id}, ${`${slug}-admin`}, ${`rhea@${slug}.example`}, 'ADMIN')`;
    await signInByCookie(context, `${slug}-admin`);
    await page.goto(tenantUrl(slug, '/admin/backup'));

    const restore = page.getByRole('region', { name: 'Restore a backup' }).or(page.locator('[aria-labelledby="restore-backup-heading"]'));
    await restore.getByLabel('Backup file').setInputFiles({ name: 'members.csv', mimeType: 'text/csv', buffer: Buffer.from('name,email\nAda,ada@example.test\n') });
    await restore.getByRole('button', { name: 'Restore backup' }).click();
    await expect(restore.getByText('This file is not a Quartermaster backup. Choose a file downloaded from the backup page.')).toBeVisible();
    await expect(restore.getByLabel('Backup file')).toHaveAttribute('aria-invalid', 'true');
    await screenshot(page, testInfo, 'admin-backup-restore-refused');
    expect((await ownerSql()`select count(*)::int as count from assets where organisation_id = ${organisation!.id}`)[0]!.count).toBe(0);

    await restore.getByLabel('Backup file').setInputFiles({ name: 'quartermaster-acme.json.gz', mimeType: 'application/gzip', buffer: ready!.content as Buffer });
    await restore.getByRole('button', { name: 'Restore backup' }).click();
    await expect(restore.getByRole('status').filter({ hasText: /The backup of .* is restored, with \d+ people and \d+ assets\./ })).toBeVisible({ timeout: 30_000 });
    await screenshot(page, testInfo, 'admin-backup-restored');

    const acmeAssets = (await ownerSql()`select count(*)::int as count from assets where organisation_id = ${acme}`)[0]!.count as number;
    const restoredAssets = (await ownerSql()`select count(*)::int as count from assets where organisation_id = ${organisation!.id}`)[0]!.count as number;
    expect(restoredAssets).toBe(acmeAssets);
    const [audit] = await ownerSql()`select actor_user_id from audit_log where organisation_id = ${organisation!.id} and action = 'BACKUP_RESTORED'`;
    expect(audit).toBeDefined();
  });
});
