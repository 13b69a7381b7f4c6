import { randomBytes, randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { inject } from 'vitest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTokenIssuer, type TokenIssuer } from '@/bench/lib/token-issuer';
import { type AppServer, startAppServer } from '../../../support/start-app-server';
import { createTenant, insertAssets, type TestTenant } from '../../../support/factories';

const AUDIENCE = 'https://api.quartermaster.shutdown.test';
let issuer: TokenIssuer;
let server: AppServer;
let tenant: TestTenant;

beforeAll(async () => {
  issuer = await startTokenIssuer(AUDIENCE);
  tenant = await createTenant();
  // Its own server through `npm start`'s launcher: the suite's shared server must not be stopped.
  server = await startAppServer(
    {
      DATABASE_URL: inject('appDatabaseUrl'),
      DATABASE_OWNER_URL: inject('ownerDatabaseUrl'),
      LEDGER_DATABASE_URL: inject('ledgerDatabaseUrl'),
      PSEUDONYM_SECRET: inject('pseudonymSecret'),
      FLE_LOCAL_MASTER_KEY: inject('fleMasterKey'),
      AUTH_SECRET: randomBytes(32).toString('base64url'),
      OIDC_ISSUER: issuer.issuer,
      JWKS_URL: issuer.jwksUrl,
      API_AUDIENCE: AUDIENCE,
      ACCESS_TOKEN_MAX_LIFETIME_SECONDS: '14400',
      WEB_DOMAIN: 'localhost',
      DEMO_MODE: 'false',
      JOBS_IN_PROCESS: 'true',
      DRAIN_DELAY_SECONDS: '1',
      SHUTDOWN_TIMEOUT_SECONDS: '20',
    },
    { viaStartScript: true, healthPath: '/api/health/ready' },
  );
}, 90_000);
afterAll(async () => {
  await server?.stop();
  await issuer?.close();
});

type Answer = { status: number; body: Record<string, unknown> };

function get(path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    request({ hostname: '127.0.0.1', port: server.port, path }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown> }));
    })
      .on('error', reject)
      .end();
  });
}

describe('SIGTERM drains the instance', () => {
  it('turns readiness 503 at once, finishes the request in flight, then exits 0', async () => {
    const [assetId] = await insertAssets(tenant, [{ name: 'Projector' }]);
    const token = await issuer.sign({ organisationId: tenant.id, userId: tenant.employee.subject, role: 'EMPLOYEE' });
    expect(await get('/api/health/ready')).toMatchObject({ status: 200, body: { status: 'ready', database: { status: 'ok' } } });

    const startDate = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const body = JSON.stringify({ assetId: assetId!, startDate, endDate: startDate, purpose: 'Shutdown test' });
    const half = Math.floor(body.length / 2);
    // A slow client: headers and half the body now, the rest after SIGTERM.
    const inFlight = new Promise<Answer>((resolve, reject) => {
      const req = request(
        {
          hostname: '127.0.0.1',
          port: server.port,
          method: 'POST',
          path: '/api/v1/loans',
          headers: { host: `${tenant.slug}.localhost:${server.port}`, authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'idempotency-key': randomUUID() },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown> }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, half));
      setTimeout(() => req.end(body.slice(half)), 2_500);
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    process.kill(server.pid, 'SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 200));

    const draining = await get('/api/health/ready');
    expect(draining.status).toBe(503);
    expect(draining.body).toEqual({ error: { code: 'INSTANCE_DRAINING', message: 'This instance is shutting down and takes no new requests; the others do.', details: {} } });
    // Liveness still answers: the process is alive while it drains.
    expect((await get('/api/health')).status).toBe(200);

    const answer = await inFlight;
    expect(answer).toMatchObject({ status: 201, body: { assetId: assetId!, purpose: 'Shutdown test' } });
    await vi.waitFor(() => expect(server.exitCode()).toBe(0), { timeout: 20_000, interval: 50 });
    expect(server.output()).toContain('drained');
    // After the listener closed, nothing answers.
    await expect(get('/api/health')).rejects.toThrow(/ECONNREFUSED/);
  }, 60_000);
});
