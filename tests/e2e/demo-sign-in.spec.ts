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
});
