import { expect, test } from '@playwright/test';
import { screenshot } from './support/screenshot';
import { signIn } from './support/sign-in';

// The end-to-end server runs without a registry (phase 0); the backfill itself is covered by
// tests/integration/registry/backfill.test.ts against the simulator.
test.describe('registry', () => {
  test('an admin sees the phase, the backfill counts and an empty mismatch list; starting needs a registry', async ({ page }, testInfo) => {
    await signIn(page, 'acme-admin', { path: '/admin/registry' });
    await expect(page.getByRole('heading', { level: 1, name: 'Registry' })).toBeVisible();
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Registry' }).first()).toHaveAttribute('href', '/admin/registry');
    await expect(page.getByText('No registry is configured (phase 0)')).toBeVisible();
    await expect(page.getByText('Local only (not in the registry)')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start backfill' })).toBeDisabled();
    await expect(page.getByText('Nothing to decide')).toBeVisible();
    await screenshot(page, testInfo, 'admin-registry');
  });

  test('an employee gets the 403 page', async ({ page }) => {
    await signIn(page, 'acme-employee-1', { path: '/admin/registry' });
    await expect(page.getByRole('heading', { name: 'You do not have access to this page' })).toBeVisible();
  });
});
