import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, TestInfo } from '@playwright/test';

export const screenshotDir = join(process.cwd(), 'test-results/screenshots');

/**
 * A full-page screenshot kept as a build artifact (test-results/screenshots) and attached to the report;
 * `fullPage: false` keeps only the viewport, for pages that are very long (the API reference).
 */
export async function screenshot(page: Page, testInfo: TestInfo, name: string, { fullPage = true } = {}): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `${name}-${testInfo.project.name}.png`);
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path, fullPage, animations: 'disabled' });
  await testInfo.attach(name, { path, contentType: 'image/png' });
  return path;
}
