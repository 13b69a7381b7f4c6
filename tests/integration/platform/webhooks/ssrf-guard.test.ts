import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { call, expectEnvelope } from '../../../support/api';
import { createTenant, ownerDb, type TestTenant } from '../../../support/factories';
import { type AppServer, startAppServer } from '../../../support/start-app-server';
import { testAudience, testRedisUrl } from '../../../support/test-env';

// The SSRF guard as production runs it: a second server on the suite's database, without
// WEBHOOK_ALLOW_PRIVATE_TARGETS (the suite's own server allows its receivers on 127.0.0.1). It has no deletion
// ledger, so its start-up does not replay erasures under the other tests' feet.
let server: AppServer;
let tenant: TestTenant;
let adminToken: string;

beforeAll(async () => {
  server = await startAppServer({
    DATABASE_URL: inject('appDatabaseUrl'),
    DATABASE_OWNER_URL: inject('ownerDatabaseUrl'),
    OIDC_ISSUER: inject('oidcIssuer'),
    AUTH_SECRET: inject('authSecret'),
    FLE_LOCAL_MASTER_KEY: inject('fleMasterKey'),
    API_AUDIENCE: testAudience,
    WEB_DOMAIN: 'localhost',
    DEMO_MODE: 'false',
    REDIS_URL: testRedisUrl,
    RATE_LIMIT_PREFIX: inject('rateLimitPrefix'),
    JOBS_IN_PROCESS: 'false',
    WEBHOOK_ALLOW_PRIVATE_TARGETS: '',
  });
  tenant = await createTenant();
  adminToken = await tenant.admin.token();
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const register = (url: string) => call('POST', '/api/v1/webhook-endpoints', { baseUrl: server.baseUrl, tenant: tenant.slug, token: adminToken, json: { url, eventTypes: ['loan.approved'] } });

describe('the SSRF guard at registration, as in production', () => {
  it.each([
    ['http://93.184.216.34/hooks', 'https_required', 'TLS only'],
    ['https://127.0.0.1/hooks', 'private_address', 'loopback (127.0.0.0/8)'],
    ['https://2130706433/hooks', 'private_address', 'loopback (127.0.0.0/8)'],
    ['https://0.0.0.0/hooks', 'private_address', 'this network (0.0.0.0/8)'],
    ['https://10.1.2.3/hooks', 'private_address', 'private (10.0.0.0/8)'],
    ['https://172.16.5.4/hooks', 'private_address', 'private (172.16.0.0/12)'],
    ['https://192.168.1.10/hooks', 'private_address', 'private (192.168.0.0/16)'],
    ['https://169.254.169.254/latest/meta-data', 'private_address', 'link-local (169.254.0.0/16)'],
    ['https://100.64.0.1/hooks', 'private_address', 'carrier-grade NAT (100.64.0.0/10)'],
    ['https://224.0.0.1/hooks', 'private_address', 'multicast (224.0.0.0/4)'],
    ['https://[::1]/hooks', 'private_address', 'loopback (::1)'],
    ['https://[::ffff:127.0.0.1]/hooks', 'private_address', 'IPv4-mapped IPv6 of loopback'],
    ['https://[::ffff:a9fe:a9fe]/hooks', 'private_address', 'IPv4-mapped IPv6 of link-local'],
    ['https://[fd12:3456::1]/hooks', 'private_address', 'not global unicast IPv6'],
    ['https://[fe80::1]/hooks', 'private_address', 'not global unicast IPv6'],
    ['https://[ff02::1]/hooks', 'private_address', 'not global unicast IPv6'],
    ['https://localhost/hooks', 'private_address', 'loopback'],
  ])('refuses %s (%s)', async (url, reason, words) => {
    const response = await register(url);
    expectEnvelope(response, 400, 'VALIDATION_ERROR');
    expect(response.body.error.details.issues).toEqual([{ path: 'url', code: reason, message: expect.stringContaining(words) }]);
    const [stored] = await ownerDb()`select count(*)::int as n from webhook_endpoints where organisation_id = ${tenant.id}`;
    expect(stored!.n).toBe(0);
  });

  it('accepts an https URL on a public address, and refuses to move it to a private one', async () => {
    const created = await register('https://93.184.216.34/hooks');
    expect(created.status).toBe(201);
    const v6 = await register('https://[2606:4700:4700::1111]/hooks');
    expect(v6.status).toBe(201);

    const moved = await call('PATCH', `/api/v1/webhook-endpoints/${created.body.id}`, { baseUrl: server.baseUrl, tenant: tenant.slug, token: adminToken, json: { url: 'https://192.168.0.1/hooks' } });
    expectEnvelope(moved, 400, 'VALIDATION_ERROR');
    expect(moved.body.error.details.issues[0]).toMatchObject({ path: 'url', code: 'private_address' });
    const [stored] = await ownerDb()`select url from webhook_endpoints where id = ${created.body.id}`;
    expect(stored!.url).toBe('https://93.184.216.34/hooks');
  });
});
