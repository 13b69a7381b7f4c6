import { type ClientRequest, type IncomingMessage, request } from 'node:http';
import { Redis as IORedis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { call, expectEnvelope } from '../../../support/api';
import { createTenant, insertAssets, ownerDb, type TestTenant } from '../../../support/factories';
import { testRedisUrl } from '../../../support/test-env';

let tenant: TestTenant;
let other: TestTenant;
let token: string;
let redis: IORedis;
const open: ClientRequest[] = [];

type HeldDownload = { req: ClientRequest; res: IncomingMessage };

/** An export whose response headers have arrived and whose body is not read: the server blocks on backpressure. */
function holdExport(format: 'csv' | 'xlsx'): Promise<HeldDownload> {
  const base = new URL(inject('baseUrl'));
  return new Promise((resolve, reject) => {
    const req = request(
      {
        hostname: '127.0.0.1',
        port: base.port,
        path: `/api/v1/assets/export.${format}`,
        headers: { host: `${tenant.slug}.localhost:${base.port}`, authorization: `Bearer ${token}` },
      },
      (res) => {
        res.pause();
        resolve({ req, res });
      },
    );
    req.on('error', reject);
    open.push(req);
    req.end();
  });
}

const leaseKey = (organisationId: string) => `${inject('rateLimitPrefix')}:export-leases:${organisationId}`;
const exportsAudited = async () =>
  (await ownerDb()`select count(*)::int as n from audit_log where organisation_id = ${tenant.id} and action = 'ASSETS_EXPORTED'`)[0]!.n as number;

async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  [tenant, other] = await Promise.all([createTenant(), createTenant()]);
  token = await tenant.manager.token();
  redis = new IORedis(testRedisUrl);
  // About 33 MB of CSV and, as hex hardly compresses, 17 MB of XLSX: far more than the socket buffers between
  // server and client hold, so an unread download stays open on the server instead of finishing into them.
  await ownerDb()`insert into assets (organisation_id, name, category_id, location_id, inventory_number, custom_fields)
    select ${tenant.id}, 'Bulk ' || i, ${tenant.categoryId}, ${tenant.locationId}, 'BULK-' || i,
           jsonb_build_object('ramGb', 16, 'os', (select string_agg(md5(i::text || '-' || j), '') from generate_series(1, 128) j))
    from generate_series(1, 8000) i`;
  await insertAssets(other, [{ name: 'Other tenant asset' }]);
});

afterAll(async () => {
  for (const req of open) req.destroy();
  await redis.quit();
});

describe('concurrent asset exports of one organisation', () => {
  it('runs two at once, refuses a third with 429 EXPORT_LIMIT_REACHED, and frees the slot when a download is aborted or completes', { timeout: 180_000 }, async () => {
    const first = await holdExport('csv');
    const second = await holdExport('xlsx');
    expect([first.res.statusCode, second.res.statusCode]).toEqual([200, 200]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await redis.zcard(leaseKey(tenant.id))).toBe(2);

    const refused = await call('GET', '/api/v1/assets/export.csv', { tenant: tenant.slug, token });
    expectEnvelope(refused, 429, 'EXPORT_LIMIT_REACHED');
    expect(refused.headers['retry-after']).toBe('10');
    expect(refused.body.error.details).toEqual({ limit: 2, retryAfterSeconds: 10 });
    expect(refused.body.error.message).toMatch(/already has 2 exports running/);
    expectEnvelope(await call('GET', '/api/v1/assets/export.xlsx', { tenant: tenant.slug, token }), 429, 'EXPORT_LIMIT_REACHED');
    // A refused export did no work and left no audit entry.
    expect(await exportsAudited()).toBe(2);

    const otherTenant = await call('GET', '/api/v1/assets/export.csv', { tenant: other.slug, token: await other.manager.token() });
    expect(otherTenant.status).toBe(200);
    expect(otherTenant.text).toContain('Other tenant asset');

    // The client goes away midway: the server cancels the body, which releases the lease.
    first.req.destroy();
    await eventually(async () => (await redis.zcard(leaseKey(tenant.id))) === 1, 'the aborted download released its lease');
    const afterAbort = await call('GET', '/api/v1/assets/export.csv?q=BULK-7999', { tenant: tenant.slug, token });
    expect(afterAbort.status).toBe(200);
    expect(afterAbort.text).toContain('BULK-7999');
    expect(await redis.zcard(leaseKey(tenant.id))).toBe(1);

    // The held download read to its end frees the last slot.
    const chunks: Buffer[] = [];
    second.res.on('data', (chunk: Buffer) => chunks.push(chunk));
    second.res.resume();
    await new Promise((resolve) => second.res.on('end', resolve));
    expect(Buffer.concat(chunks).subarray(0, 2).toString()).toBe('PK');
    await eventually(async () => (await redis.zcard(leaseKey(tenant.id))) === 0, 'the completed download released its lease');
    const [a, b] = await Promise.all([
      call('GET', '/api/v1/assets/export.csv?q=nothing-matches', { tenant: tenant.slug, token }),
      call('GET', '/api/v1/assets/export.xlsx?q=nothing-matches', { tenant: tenant.slug, token }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
  });
});
