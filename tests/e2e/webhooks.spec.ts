import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { ownerSql } from './support/db';
import { screenshot } from './support/screenshot';
import { signIn } from './support/sign-in';

type Received = { headers: IncomingHttpHeaders; body: string };

test.describe('webhooks screen', () => {
  test('an admin adds an endpoint, sends a test event that arrives signed, and redelivers it from the log', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', 'Registers an endpoint; runs once, on desktop.');
    const received: Received[] = [];
    const receiver = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/quartermaster`;
    try {
      await signIn(page, 'acme-admin', { path: '/admin/webhooks' });
      await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
      await page.getByLabel('URL', { exact: true }).fill(url);
      await page.getByLabel('Description (optional)').fill('Inventory sync');
      await page.getByRole('checkbox', { name: /^loan\.approved/ }).check();
      await page.getByRole('checkbox', { name: /^asset\.created/ }).check();
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Endpoint added' })).toBeVisible();
      const secret = (await page.getByTestId('webhook-secret').textContent())!.trim();
      expect(secret).toMatch(/^whsec_/);
      const [stored] = await ownerSql()`select id, event_types from webhook_endpoints where url = ${url}`;
      expect(stored!.event_types).toEqual(['loan.approved', 'asset.created']);

      await page.getByRole('link', { name: url }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Webhook endpoint' })).toBeVisible();
      await expect(page.getByText(secret)).toHaveCount(0);
      await page.getByRole('button', { name: 'Send test event' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Test event queued' })).toBeVisible();
      await expect.poll(() => received.length, { timeout: 20_000 }).toBe(1);
      const first = received[0]!;
      expect(new Webhook(secret).verify(first.body, first.headers as Record<string, string>)).toMatchObject({ type: 'webhook.test', data: { endpointId: stored!.id } });

      await page.reload();
      const row = page.getByTestId('webhook-delivery').first();
      await expect(row.getByText('Delivered', { exact: true })).toBeVisible();
      await row.getByRole('button', { name: 'Redeliver webhook.test' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Queued for delivery again' })).toBeVisible();
      await expect.poll(() => received.length, { timeout: 20_000 }).toBe(2);
      expect(received[1]!.headers['webhook-id']).toBe(first.headers['webhook-id']);
      expect(received[1]!.body).toBe(first.body);
      await page.reload();
      await expect(page.getByTestId('webhook-delivery')).toHaveCount(2);
      await screenshot(page, testInfo, 'webhook-endpoint-deliveries');

      page.once('dialog', (dialog) => void dialog.accept());
      await page.getByRole('button', { name: 'Delete' }).click();
      await page.waitForURL((next) => next.pathname === '/admin/webhooks');
      expect(await ownerSql()`select id from webhook_endpoints where url = ${url}`).toHaveLength(0);
    } finally {
      receiver.closeAllConnections();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });
});
