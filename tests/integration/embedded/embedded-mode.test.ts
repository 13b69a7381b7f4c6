import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
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

  it('answers an unknown demo tenant with 404 in the envelope', async () => {
    const response = await get('/api/v1/assets?tenant=nobody');
    expect(response.status).toBe(404);
    expect((await response.json()).error.code).toBe('TENANT_NOT_FOUND');
  });
});
