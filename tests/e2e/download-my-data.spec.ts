import { expect, test } from '@playwright/test';
import { e2eState } from './support/e2e-state';
import { screenshot } from './support/screenshot';
import { signIn } from './support/sign-in';

type SinkMessage = { to: string | string[]; subject: string; html: string };

const EMAIL = 'priya.shah@globex.example';

async function exportEmails(): Promise<SinkMessage[]> {
  const { mailSinkUrl, mailSinkApiKey } = e2eState();
  const response = await fetch(`${mailSinkUrl}/emails`, { headers: { authorization: `Bearer ${mailSinkApiKey}` } });
  const { data } = (await response.json()) as { data: SinkMessage[] };
  return data.filter((m) => [m.to].flat().includes(EMAIL) && /download\?token=/.test(m.html));
}

test.describe('download my data', () => {
  test('a person requests a PDF of their data, follows its progress, downloads it once from the e-mailed link, and a second click explains why it no longer works', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'Creates an export; runs once, on desktop.');
    test.setTimeout(120_000);
    const before = (await exportEmails()).length;
    await signIn(page, 'globex-employee-1', { slug: 'globex', path: '/profile' });
    await page.getByRole('link', { name: 'Download my data' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Download my data' })).toBeVisible();
    await page.getByRole('button', { name: 'Request a PDF report' }).click();
    await expect(page.getByRole('status').or(page.getByText(/is being prepared|already being prepared/)).first()).toBeVisible();

    // The page refreshes itself until the in-process job has e-mailed the link.
    const item = page.locator('[data-export-id]').first();
    await expect(item).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });
    await expect(item).toContainText('Check your e-mail for the download link');
    await screenshot(page, testInfo, 'download-my-data-ready');

    await expect.poll(async () => (await exportEmails()).length, { timeout: 30_000 }).toBeGreaterThan(before);
    const email = (await exportEmails()).at(-1)!;
    expect(email.subject).toMatch(/data/i);
    const href = /href="([^"]*download\?token=[^"]+)"/.exec(email.html)![1]!.replaceAll('&amp;', '&');

    // Fetched from the page, as a script on the tenant's origin would (Node cannot resolve *.localhost).
    const get = (url: string) =>
      page.evaluate(async (u) => {
        const response = await fetch(u);
        const bytes = new Uint8Array(await response.arrayBuffer());
        return { status: response.status, type: response.headers.get('content-type'), text: new TextDecoder().decode(bytes.slice(0, 200)) };
      }, url);
    const file = await get(href);
    expect(file.status).toBe(200);
    expect(file.type).toBe('application/pdf');
    expect(file.text.startsWith('%PDF-')).toBe(true);

    // The link works once: an API client gets 410, a person clicking it again gets the page with the reason.
    const again = await get(href);
    expect(again.status).toBe(410);
    expect(again.text).toContain(`"code":"DATA_EXPORT_LINK_USED"`);
    await page.goto(href);
    await expect(page).toHaveURL(/\/profile\/data\?link=used$/);
    await expect(page.getByRole('alert').filter({ hasText: 'already used' })).toBeVisible();
    await expect(page.locator('[data-export-id]').first()).toContainText('Downloaded');
    await screenshot(page, testInfo, 'download-my-data-link-used');
  });
});
