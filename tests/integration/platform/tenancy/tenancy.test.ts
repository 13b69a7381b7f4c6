import { beforeAll, describe, expect, inject, it } from 'vitest';
import { type ApiResponse, call, expectEnvelope } from '../../../support/api';
import { createTenant, insertAssets, ownerDb, type TestTenant } from '../../../support/factories';

let tenantA: TestTenant;
let tenantB: TestTenant;
let tokenA: string;
let tokenB: string;
let assetA: string;
let assetB: string;

const port = () => new URL(inject('baseUrl')).port;
const apex = () => `localhost:${port()}`;
const ids = (response: ApiResponse) => (response.body.data as { id: string }[]).map((a) => a.id);

beforeAll(async () => {
  [tenantA, tenantB] = await Promise.all([createTenant(), createTenant()]);
  [tokenA, tokenB] = await Promise.all([tenantA.employee.token(), tenantB.employee.token()]);
  const [insertedA, insertedB] = await Promise.all([insertAssets(tenantA, [{ name: 'A only' }]), insertAssets(tenantB, [{ name: 'B only' }])]);
  [assetA, assetB] = [insertedA[0]!, insertedB[0]!];
});

function expectTenantNotFound(response: ApiResponse, details: Record<string, unknown>) {
  expectEnvelope(response, 404, 'TENANT_NOT_FOUND');
  expect(response.body.error.details).toEqual(details);
  expect(response.body).not.toHaveProperty('data');
}

describe('which host serves which tenant', () => {
  it('serves a known sub-domain (control): its own assets only', async () => {
    const response = await call('GET', '/api/v1/assets', { tenant: tenantA.slug, token: tokenA });
    expect(response.status).toBe(200);
    expect(ids(response)).toEqual([assetA]);
  });

  it('answers an unknown sub-domain with 404 TENANT_NOT_FOUND, with or without a token', async () => {
    expectTenantNotFound(await call('GET', '/api/v1/assets', { tenant: 'no-such-tenant', token: tokenA }), { tenant: 'no-such-tenant' });
    expectTenantNotFound(await call('GET', '/api/v1/assets', { tenant: 'no-such-tenant' }), { tenant: 'no-such-tenant' });
  });

  it('answers the apex host and a bare IP with 404 TENANT_NOT_FOUND', async () => {
    expectTenantNotFound(await call('GET', '/api/v1/assets', { host: apex(), token: tokenA }), {});
    expectTenantNotFound(await call('GET', '/api/v1/assets', { host: `127.0.0.1:${port()}`, token: tokenA }), {});
  });

  it.each([
    ['a reserved sub-domain', () => `www.localhost:${port()}`],
    ['a nested sub-domain', () => `x.${tenantA.slug}.localhost:${port()}`],
    ['a sub-domain with an underscore', () => `${tenantA.slug}_x.localhost:${port()}`],
  ])('does not serve %s', async (_name, host) => {
    expectTenantNotFound(await call('GET', '/api/v1/assets', { host: host(), token: tokenA }), {});
  });

  it.each([
    ['an upper-case host', () => `${tenantA.slug.toUpperCase()}.LOCALHOST:${port()}`],
    ['a fully qualified host with a trailing dot', () => `${tenantA.slug}.localhost.:${port()}`],
  ])('serves the tenant at %s', async (_name, host) => {
    const response = await call('GET', '/api/v1/assets', { host: host(), token: tokenA });
    expect(response.status).toBe(200);
    expect(ids(response)).toEqual([assetA]);
  });
});

describe('pages', () => {
  it("shows a known tenant's name on its sign-in page", async () => {
    const response = await call('GET', '/login', { tenant: tenantA.slug });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.text).toContain(`Tenant ${tenantA.slug}`);
  });

  it("sends a tenant's start page to the portal, and a signed-out visitor on to the sign-in page", async () => {
    const start = await call('GET', '/', { tenant: tenantA.slug });
    expect(start.status).toBe(307);
    expect(start.headers.location).toBe('/dashboard');
    const dashboard = await call('GET', '/dashboard', { tenant: tenantA.slug });
    expect(dashboard.status).toBe(307);
    expect(dashboard.headers.location).toBe('/login?callbackUrl=%2Fdashboard');
  });

  it('answers an unknown sub-domain with a 404 page that says so', async () => {
    const response = await call('GET', '/login', { tenant: 'no-such-tenant' });
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.text).toContain('We could not find that page');
    expect(response.text).toContain('does not match an organisation');
  });

  it('shows the product page, and no tenant, on the apex host', async () => {
    const response = await call('GET', '/', { host: apex() });
    expect(response.status).toBe(200);
    expect(response.text).toContain('Open your organisation at its own address');
    expect(response.text).not.toContain('Tenant t-');
  });
});

describe('a client-sent x-quartermaster-tenant header is ignored', () => {
  it('cannot make the apex host serve a tenant', async () => {
    for (const value of [`slug:${tenantA.slug}`, tenantA.slug]) {
      const response = await call('GET', '/api/v1/assets', { host: apex(), token: tokenA, headers: { 'x-quartermaster-tenant': value } });
      expectTenantNotFound(response, {});
    }
    const page = await call('GET', '/login', { host: apex(), headers: { 'x-quartermaster-tenant': `slug:${tenantA.slug}` } });
    expect(page.text).not.toContain(`Tenant ${tenantA.slug}`);
  });

  it("cannot make tenant B's host serve tenant A", async () => {
    const headers = { 'x-quartermaster-tenant': `slug:${tenantA.slug}` };
    const withTokenA = await call('GET', '/api/v1/assets', { tenant: tenantB.slug, token: tokenA, headers });
    expectEnvelope(withTokenA, 401, 'UNAUTHENTICATED');
    expect(withTokenA.body.error.details).toEqual({ reason: 'tenant_mismatch' });
    const withTokenB = await call('GET', '/api/v1/assets', { tenant: tenantB.slug, token: tokenB, headers });
    expect(withTokenB.status).toBe(200);
    expect(ids(withTokenB)).toEqual([assetB]);
  });

  it.each(['/_next/static/../../api/v1/assets', '/favicon.ico/../api/v1/assets', '/_next/image/../../api/v1/assets', '/api/v1/./assets'])(
    'is stripped even when the path (%s) or x-middleware-subrequest tries to skip the proxy',
    async (path) => {
      const headers = { 'x-quartermaster-tenant': `slug:${tenantA.slug}`, 'x-middleware-subrequest': 'proxy:proxy:proxy:proxy:proxy' };
      expectTenantNotFound(await call('GET', path, { host: apex(), token: tokenA, headers }), {});
    },
  );

  it('does not rescue an unknown sub-domain', async () => {
    const response = await call('GET', '/api/v1/assets', { tenant: 'no-such-tenant', token: tokenA, headers: { 'x-quartermaster-tenant': `slug:${tenantA.slug}` } });
    expectTenantNotFound(response, { tenant: 'no-such-tenant' });
  });
});

describe('custom domains', () => {
  let corp: TestTenant;
  let corpToken: string;
  let corpAsset: string;

  beforeAll(async () => {
    corp = await createTenant();
    // Before the first request for this domain: the server caches host lookups for 10 s.
    await ownerDb()`update organisations set custom_domain = 'assets.example-corp.test' where id = ${corp.id}`;
    corpToken = await corp.employee.token();
    corpAsset = (await insertAssets(corp, [{ name: 'Corp laptop' }]))[0]!;
  });

  it('serves the tenant at its custom domain, in any case and with a port', async () => {
    for (const host of ['assets.example-corp.test', 'ASSETS.Example-Corp.TEST:8443']) {
      const response = await call('GET', '/api/v1/assets', { host, token: corpToken });
      expect(response.status, host).toBe(200);
      expect(ids(response)).toEqual([corpAsset]);
    }
    const page = await call('GET', '/login', { host: 'assets.example-corp.test' });
    expect(page.status).toBe(200);
    expect(page.text).toContain(`Tenant ${corp.slug}`);
  });

  it("refuses another tenant's token at the custom domain", async () => {
    const response = await call('GET', '/api/v1/assets', { host: 'assets.example-corp.test', token: tokenA });
    expectEnvelope(response, 401, 'UNAUTHENTICATED');
    expect(response.body.error.details).toEqual({ reason: 'tenant_mismatch' });
  });

  it('keeps serving the tenant at its sub-domain too', async () => {
    const response = await call('GET', '/api/v1/assets', { tenant: corp.slug, token: corpToken });
    expect(ids(response)).toEqual([corpAsset]);
  });

  it('answers an unknown custom domain with 404 TENANT_NOT_FOUND', async () => {
    expectTenantNotFound(await call('GET', '/api/v1/assets', { host: 'unknown.example-corp.test', token: corpToken }), { tenant: 'unknown.example-corp.test' });
  });
});

describe('demo-mode selection is off (DEMO_MODE=false)', () => {
  it('has the seeded demo tenant acme at its sub-domain (control)', async () => {
    const response = await call('GET', '/login', { tenant: 'acme' });
    expect(response.status).toBe(200);
    expect(response.text).toContain('Acme Corporation');
  });

  it('ignores ?tenant=acme on the apex host', async () => {
    expectTenantNotFound(await call('GET', '/api/v1/assets?tenant=acme', { host: apex() }), {});
    const page = await call('GET', '/?tenant=acme', { host: apex() });
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('Acme Corporation');
    expect(page.headers['set-cookie'] ?? []).not.toEqual(expect.arrayContaining([expect.stringContaining('qm_demo_tenant')]));
  });

  it('ignores the demo tenant cookie on the apex host', async () => {
    const headers = { cookie: 'qm_demo_tenant=acme' };
    expectTenantNotFound(await call('GET', '/api/v1/assets', { host: apex(), headers }), {});
    expect((await call('GET', '/', { host: apex(), headers })).text).not.toContain('Acme Corporation');
  });

  it("ignores ?tenant= on a tenant's own host", async () => {
    const response = await call('GET', `/api/v1/assets?tenant=${tenantB.slug}`, { tenant: tenantA.slug, token: tokenA });
    expect(ids(response)).toEqual([assetA]);
  });
});

describe('GET /api/health', () => {
  it.each([
    ['the apex host', () => ({ host: apex() })],
    ['an unknown sub-domain', () => ({ tenant: 'no-such-tenant' })],
    ['a tenant host with a bogus token', () => ({ tenant: tenantA.slug, headers: { authorization: 'Bearer nonsense' } })],
  ])('answers 200 without authentication on %s', async (_name, options) => {
    const response = await call('GET', '/api/health', options());
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok', database: { status: 'ok', mode: 'postgres', latencyMs: expect.any(Number) } });
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
