import { expect, test } from '@playwright/test';
import { ownerSql } from './support/db';
import { screenshot } from './support/screenshot';
import { signIn } from './support/sign-in';

const registrySports = [
  { code: 'football', label: 'Football', active: true, updatedAt: '2026-01-01T00:00:00.000Z' },
  { code: 'handball', label: 'Handball', active: true, updatedAt: '2026-01-01T00:00:00.000Z' },
  { code: 'tennis', label: 'Tennis', active: false, updatedAt: '2026-01-02T00:00:00.000Z' },
];

test.describe('code lists', () => {
  test('an admin browses the lists, sees registry values read-only and manages values of their own', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', 'Changes data; runs once, on desktop.');
    // What a sync would have brought (the e2e server has no registry): through the sync's own privileged path.
    await ownerSql()`select * from app_apply_registry_codelist('sport', ${ownerSql().json(registrySports)}::jsonb, now())`;
    const [acme] = await ownerSql()`select id from organisations where slug = 'acme'`;
    try {
      await signIn(page, 'acme-admin', { path: '/admin/settings' });
      await expect(page.getByRole('heading', { name: 'Sports registry' })).toBeVisible();
      await page.getByRole('navigation', { name: /admin/i }).getByRole('link', { name: 'Code lists' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Code lists' })).toBeVisible();
      await page.getByRole('navigation', { name: 'Code lists' }).getByRole('link', { name: /Sport/ }).click();
      const football = page.getByRole('row', { name: /football/ });
      await expect(football).toContainText('Registry');
      await expect(football).toContainText('Read-only');
      await expect(page.getByRole('row', { name: /tennis/ })).toContainText('Deactivated');

      await page.getByLabel('Code', { exact: true }).fill('club-padel');
      await page.getByLabel('Label', { exact: true }).fill('Club padel');
      await page.getByRole('button', { name: 'Add value' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Added “Club padel” (club-padel).' })).toBeVisible();
      const mine = page.getByRole('row', { name: /club-padel/ });
      await expect(mine).toContainText('Your organisation');
      await screenshot(page, testInfo, 'code-lists');
      await mine.getByRole('button', { name: 'Deactivate' }).click();
      await expect(page.getByRole('row', { name: /club-padel/ })).toContainText('Deactivated');
      const [stored] = await ownerSql()`select active, is_custom, custom_for_org_id from codelist_values where code = 'club-padel'`;
      expect(stored).toEqual({ active: false, is_custom: true, custom_for_org_id: acme!.id });

      await page.getByLabel('Code', { exact: true }).fill('football');
      await page.getByLabel('Label', { exact: true }).fill('Football again');
      await page.getByRole('button', { name: 'Add value' }).click();
      await expect(page.getByText('The registry already has the code "football" in this list.')).toBeVisible();
    } finally {
      await ownerSql()`delete from audit_log where target_type = 'CODELIST_VALUE' and organisation_id = ${acme!.id}`.catch(() => {});
      await ownerSql()`delete from codelist_values where custom_for_org_id = ${acme!.id}`;
    }
  });
});
