import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { type AppServer, startAppServer } from '../support/start-app-server';
import { e2eState } from './support/e2e-state';

// The README's first command: the embedded database, DEMO_MODE, the tenant chosen with ?tenant=.
test.describe('the embedded demo', () => {
  test.skip(({ isMobile }) => isMobile, 'one width is enough for this flow');

  let server: AppServer;
  let dataDir: string;

  test.beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'qm-e2e-demo-'));
    server = await startAppServer({ PGLITE_DATA_DIR: path.join(dataDir, 'pglite'), DEMO_MODE: 'true', OIDC_ISSUER: e2eState().issuer });
  });

  test.afterAll(async () => {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  test('a visitor picks a seeded manager and is signed in to that tenant', async ({ page }) => {
    const base = `http://localhost:${server.port}`;
    await page.goto(`${base}/?tenant=acme`);
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Acme Corporation' })).toBeVisible();
    await page.getByRole('button', { name: /Marcus Reyes/ }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await expect(page.getByRole('banner')).toContainText('Asset manager');
    await expect(page.getByTestId('current-user-name')).toHaveText('Marcus Reyes');
  });

  test('a visit to an unknown tenant does not stick: the start page opens again afterwards', async ({ page, context }) => {
    const base = `http://localhost:${server.port}`;
    const missing = await page.goto(`${base}/?tenant=nosuch`);
    expect(missing?.status()).toBe(404);
    // A portal page with only the stale cookie goes to the start page, rather than a 404.
    const dashboard = await page.goto(`${base}/dashboard`);
    expect(dashboard?.status()).toBe(200);
    await expect(page).toHaveURL(`${base}/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Quartermaster' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Demo organisations' })).toBeVisible();
    const home = await page.goto(`${base}/`);
    expect(home?.status()).toBe(200);
    // Choosing a real organisation replaces the remembered one.
    await page.getByRole('link', { name: 'Acme Corporation' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Acme Corporation' })).toBeVisible();
    expect((await context.cookies()).find((cookie) => cookie.name === 'qm_demo_tenant')?.value).toBe('acme');
  });
});
