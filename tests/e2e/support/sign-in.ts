import { expect, type Page } from '@playwright/test';
import { tenantUrl } from './e2e-state';

/**
 * Signs in the way a person does: the tenant's login page, "Sign in with single sign-on", the identity
 * provider's account picker, and back through the callback to the page asked for (the dashboard by default).
 */
export async function signIn(page: Page, accountId: string, options: { slug?: string; path?: string; /** Another app server than the run's (support/registry-app.ts). */ port?: number } = {}): Promise<void> {
  const slug = options.slug ?? accountId.split('-')[0]!;
  const path = options.path ?? '/dashboard';
  await page.goto(tenantUrl(slug, path, options.port));
  await expect(page).toHaveURL(/\/login/);
  await page.getByRole('button', { name: 'Sign in with single sign-on' }).click();
  await page.waitForURL(/\/interaction\//);
  await page.locator(`button[name="login"][value="${accountId}"]`).click();
  await page.waitForURL((url) => url.pathname === path.split('?')[0]);
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL(/\/login/);
}
