import { defineConfig, devices } from '@playwright/test';
import { freePort } from './tests/support/start-app-server';

// Chosen once by the runner; workers inherit the environment, so every process agrees on the ports.
process.env.E2E_APP_PORT ??= String(await freePort());
process.env.E2E_IDP_PORT ??= String(await freePort());

// Debian's Chromium: nothing is downloaded at install or run time.
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const launchOptions = { executablePath, args: ['--no-sandbox', '--disable-dev-shm-usage'] };

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  outputDir: 'test-results/e2e',
  // One server and one database for the run; tests arrange their own data but share the seeded tenants.
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never', outputFolder: 'test-results/e2e-report' }]] : 'list',
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions,
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions } },
    { name: 'phone', use: { ...devices['Pixel 7'], launchOptions } },
  ],
});
