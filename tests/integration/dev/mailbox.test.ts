import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ownerDb } from '../../support/factories';
import { sessionCookie } from '../../support/session';
import { type AppServer, startAppServer } from '../../support/start-app-server';
import { testAudience, testRedisUrl } from '../../support/test-env';

// Issue 11, finding 3: a deployment (DATABASE_URL) with DEMO_MODE=true served every tenant's outbox to
// anyone at /dev/mailbox. The mailbox belongs to the embedded demo only, whatever DEMO_MODE says.
const ACME_ID = '0b4c3a7e-0000-4000-8000-00000000ac01';
let server: AppServer;
const marker = `leak-check-${randomUUID()}@acme.example`;

beforeAll(async () => {
  server = await startAppServer({
    DATABASE_URL: inject('appDatabaseUrl'),
    DATABASE_OWNER_URL: inject('ownerDatabaseUrl'),
    DEMO_MODE: 'true',
    AUTH_SECRET: inject('authSecret'),
    OIDC_ISSUER: inject('oidcIssuer'),
    API_AUDIENCE: testAudience,
    WEB_DOMAIN: 'localhost',
    REDIS_URL: testRedisUrl,
    RATE_LIMIT_PREFIX: `${inject('rateLimitPrefix')}:mailbox`,
    JOBS_IN_PROCESS: 'false',
  });
  // Already delivered, so no delivery job of another test picks it up.
  await ownerDb()`insert into outbox (organisation_id, kind, idempotency_key, payload, status, delivered_via)
    values (${ACME_ID}, 'EMAIL', ${randomUUID()}, ${ownerDb().json({ template: 'welcome', to: marker, data: {} })}, 'SENT', 'dev-mailbox')`;
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const get = (path: string, cookie?: string) => fetch(`${server.baseUrl}${path}`, { redirect: 'manual', headers: cookie ? { cookie } : {} });

describe('/dev/mailbox on a deployment with DEMO_MODE=true', () => {
  it('answers 404 to anyone, with or without a tenant', async () => {
    for (const path of ['/dev/mailbox', '/dev/mailbox?tenant=acme', '/dev/mailbox?tenant=globex']) {
      const response = await get(path);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain(marker);
    }
  });

  it("answers 404 to the tenant's own admin too", async () => {
    const [admin] = await ownerDb()`select id from users where organisation_id = ${ACME_ID} and idp_subject = 'acme-admin'`;
    const response = await get('/dev/mailbox?tenant=acme', await sessionCookie(inject('authSecret'), { id: admin!.id, organisationId: ACME_ID }));
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain(marker);
  });

  it('still offers no demo sign-in there', async () => {
    const response = await get('/login?tenant=acme');
    expect(response.status).toBe(200);
    expect(await response.text()).not.toContain('Demo: sign in as a seeded user');
  });
});
