import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type AppServer, startAppServer } from '../../support/start-app-server';
import { tokenFor } from '../../support/factories';
import { testAudience } from '../../support/test-env';

// The README's first command: no DATABASE_URL (PGlite on disk), demo mode, seeded tenants.
let server: AppServer;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'qm-embedded-'));
  server = await startAppServer({
    PGLITE_DATA_DIR: path.join(dataDir, 'pglite'),
    DEMO_MODE: 'true',
    OIDC_ISSUER: inject('oidcIssuer'),
    API_AUDIENCE: testAudience,
    // As `npm run demo` sets it: webhook receivers of a local demo run on this machine.
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const get = (url: string, token?: string) => fetch(`${server.baseUrl}${url}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('embedded default (PGlite, demo mode)', () => {
  it('serves health from the embedded database', async () => {
    const response = await get('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', database: { status: 'ok', mode: 'pglite' } });
  });

  it('serves the seeded tenant chosen with ?tenant=, with the demo sign-in', async () => {
    const page = await get('/login?tenant=acme');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Sign in to Acme Corporation');
    expect(html).toContain('Demo: sign in as a seeded user');
    expect(html).toContain('value="acme-manager"');
    expect(html).not.toContain('value="globex-manager"');
    expect(page.headers.get('set-cookie')).toContain('qm_demo_tenant=acme');

    const assets = await get('/api/v1/assets?tenant=acme&limit=5', await tokenFor('acme-manager'));
    expect(assets.status).toBe(200);
    const body = await assets.json();
    expect(body.pagination).toMatchObject({ limit: 5, total: 320, hasMore: true });
    expect(body.data).toHaveLength(5);

    // Search runs its own statements (the full-text plan and counts): on PGlite too.
    const found = await get('/api/v1/assets?tenant=acme&q=thinkpad&limit=5', await tokenFor('acme-manager'));
    expect(found.status).toBe(200);
    const result = await found.json();
    expect(result.data.length).toBeGreaterThan(0);
    expect(result.pagination.total).toBeGreaterThanOrEqual(result.data.length);
    for (const asset of result.data) expect(JSON.stringify(asset).toLowerCase()).toContain('thinkpad');
  });

  it('keeps tenants apart in PGlite too', async () => {
    const acmeToken = await tokenFor('acme-manager');
    const globex = await get('/api/v1/assets?tenant=globex', acmeToken);
    expect(globex.status).toBe(401);
    const globexToken = await tokenFor('globex-manager');
    const list = await (await get('/api/v1/assets?tenant=globex&limit=100', globexToken)).json();
    expect(list.pagination.total).toBe(80);
    expect(list.data.every((a: { inventoryNumber: string }) => a.inventoryNumber.startsWith('GLOBEX-'))).toBe(true);
  });

  it('serves no API reference unless ENABLE_API_DOCS is set', async () => {
    for (const path of ['/docs', '/docs/redoc.standalone.js']) expect((await get(path)).status).toBe(404);
  });

  it('delivers a signed webhook through the in-process job driver', async () => {
    const received: { headers: Record<string, string>; body: string }[] = [];
    const receiver = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      received.push({ headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const token = await tokenFor('acme-admin');
      const post = (url: string, body?: unknown) =>
        fetch(`${server.baseUrl}${url}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
      const created = await post('/api/v1/webhook-endpoints?tenant=acme', { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`, eventTypes: ['asset.updated'] });
      expect(created.status).toBe(201);
      const endpoint = (await created.json()) as { id: string; secret: string };
      expect((await post(`/api/v1/webhook-endpoints/${endpoint.id}/test?tenant=acme`)).status).toBe(202);

      await expect.poll(() => received.length, { timeout: 15_000 }).toBe(1);
      expect(new Webhook(endpoint.secret).verify(received[0]!.body, received[0]!.headers)).toMatchObject({ type: 'webhook.test', data: { endpointId: endpoint.id } });

      // An edit writes its event in its own transaction, on PGlite as on PostgreSQL.
      const [asset] = (await (await get('/api/v1/assets?tenant=acme&limit=1', token)).json()).data as { id: string; name: string }[];
      const renamed = await fetch(`${server.baseUrl}/api/v1/assets/${asset!.id}?tenant=acme`, { method: 'PATCH', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ name: `${asset!.name} (webhook)` }) });
      expect(renamed.status).toBe(200);
      await expect.poll(() => received.length, { timeout: 15_000 }).toBe(2);
      expect(new Webhook(endpoint.secret).verify(received[1]!.body, received[1]!.headers)).toMatchObject({ type: 'asset.updated', data: { asset: { id: asset!.id, name: `${asset!.name} (webhook)` } } });
    } finally {
      receiver.closeAllConnections();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });

  it('answers an unknown demo tenant with 404 in the envelope', async () => {
    const response = await get('/api/v1/assets?tenant=nobody');
    expect(response.status).toBe(404);
    expect((await response.json()).error.code).toBe('TENANT_NOT_FOUND');
  });
});
