import { expect, type BrowserContext, type Page } from '@playwright/test';
import { tenantUrl } from './e2e-state';
import { signInByCookie } from './sign-in-by-cookie';

/** Each project works on its own athlete of the demo squad, so desktop and phone never meet in one record. */
export const athleteOf = (project: string): [string, string] => (project === 'phone' ? ['Mateo', 'Silva'] : ['Lena', 'Hoffmann']);

/** The browser as this account (only), on a page of the demo club. */
export async function openAs(page: Page, context: BrowserContext, accountId: string, path: string): Promise<void> {
  await context.clearCookies();
  await signInByCookie(context, accountId);
  await page.goto(tenantUrl('globex', path));
}

export async function expectForbiddenPage(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'You do not have access to this page' })).toBeVisible();
}

export async function expectNotFoundPage(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'We could not find that page' })).toBeVisible();
}
