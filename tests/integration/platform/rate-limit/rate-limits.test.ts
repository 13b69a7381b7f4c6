import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiResponse, call, expectEnvelope } from '../../../support/api';
import { createTenant, insertAssets, ownerDb, type TestTenant } from '../../../support/factories';
import { awaitRoomInCurrentMinute, expectLimitHeaders, expectRetryAfter, limitHeaders } from './limit-headers';

const FREE_PER_MINUTE = 60;
// The default anonymous limit (ANONYMOUS_RATE_LIMIT_PER_MINUTE): calls without a valid token have their own bucket.
const ANONYMOUS_PER_MINUTE = 30;

describe('rate-limit headers on every tenant API response', () => {
  let tenant: TestTenant;

  beforeAll(async () => {
    tenant = await createTenant({ planTier: 'FREE' });
  });

  it('carries X-RateLimit-* on 200, 201, 400, 401, 403 and 404; only authenticated calls count down the tenant window', async () => {
    await awaitRoomInCurrentMinute();
    const manager = await tenant.manager.token();
    const employee = await tenant.employee.token();
    const [assetId] = await insertAssets(tenant, [{ name: 'Counted' }]);
    const responses: [number, ApiResponse][] = [];
    const expectStatus = async (status: number, promise: Promise<ApiResponse>) => {
      const response = await promise;
      expect(response.status, response.text).toBe(status);
      responses.push([status, response]);
    };
    await expectStatus(200, call('GET', `/api/v1/assets/${assetId}`, { tenant: tenant.slug, token: employee }));
    await expectStatus(201, call('POST', '/api/v1/locations', { tenant: tenant.slug, token: manager, json: { name: 'Annex' } }));
    await expectStatus(400, call('GET', '/api/v1/assets?limit=0', { tenant: tenant.slug, token: employee }));
    await expectStatus(401, call('GET', '/api/v1/assets', { tenant: tenant.slug }));
    await expectStatus(403, call('GET', '/api/v1/users', { tenant: tenant.slug, token: employee }));
    await expectStatus(404, call('GET', '/api/v1/assets/00000000-0000-4000-8000-000000000000', { tenant: tenant.slug, token: employee }));

    const authenticated = responses.filter(([status]) => status !== 401);
    const remaining = authenticated.map(([, response]) => expectLimitHeaders(response, FREE_PER_MINUTE).remaining);
    expect(remaining).toEqual([59, 58, 57, 56, 55]);
    expect(new Set(authenticated.map(([, r]) => limitHeaders(r).reset)).size).toBe(1);
    const [, anonymous] = responses.find(([status]) => status === 401)!;
    expect(expectLimitHeaders(anonymous, ANONYMOUS_PER_MINUTE).remaining).toBe(ANONYMOUS_PER_MINUTE - 1);
    for (const [status, response] of responses) {
      if (status >= 400) expect(response.headers['retry-after'], `Retry-After on ${status}`).toBeUndefined();
    }
  });
});

describe('FREE tier: 60 requests per minute per organisation', () => {
  let tenant: TestTenant;
  let neighbour: TestTenant;
  let token: string;
  let burstReset = 0;

  beforeAll(async () => {
    [tenant, neighbour] = await Promise.all([createTenant({ planTier: 'FREE' }), createTenant({ planTier: 'FREE' })]);
    token = await tenant.employee.token();
  });

  it('admits exactly 60 of 80 concurrent requests and answers the other 20 with 429 RATE_LIMITED', async () => {
    await awaitRoomInCurrentMinute();
    const burst = await Promise.all(Array.from({ length: 80 }, () => call('GET', '/api/v1/assets', { tenant: tenant.slug, token })));

    const admitted = burst.filter((r) => r.status !== 429);
    const limited = burst.filter((r) => r.status === 429);
    expect(admitted).toHaveLength(FREE_PER_MINUTE);
    expect(limited).toHaveLength(20);
    expect(admitted.every((r) => r.status === 200)).toBe(true);
    // Every admitted request took its own slot: remaining 59 down to 0, each exactly once.
    const slots = admitted.map((r) => expectLimitHeaders(r, FREE_PER_MINUTE).remaining).sort((a, b) => a - b);
    expect(slots).toEqual(Array.from({ length: FREE_PER_MINUTE }, (_, i) => i));

    for (const response of limited) {
      expectEnvelope(response, 429, 'RATE_LIMITED');
      expectRetryAfter(response, FREE_PER_MINUTE);
      expect(response.body).not.toHaveProperty('data');
    }
    burstReset = limitHeaders(limited[0]!).reset;
  });

  it('keeps refusing the organisation for the rest of the minute; an anonymous call is answered from its own bucket', async () => {
    const again = await call('GET', '/api/v1/categories', { tenant: tenant.slug, token });
    const anonymous = await call('GET', '/api/v1/assets', { tenant: tenant.slug });
    // The burst started with at least 10 s of its minute left, so that window is still running here.
    expect(Date.now() / 1000).toBeLessThan(burstReset);
    expectEnvelope(again, 429, 'RATE_LIMITED');
    expect(limitHeaders(again).reset).toBe(burstReset);
    expectEnvelope(anonymous, 401, 'UNAUTHENTICATED');
    expectLimitHeaders(anonymous, ANONYMOUS_PER_MINUTE);
  });

  it('leaves another FREE organisation untouched', async () => {
    const response = await call('GET', '/api/v1/assets', { tenant: neighbour.slug, token: await neighbour.employee.token() });
    expect(response.status).toBe(200);
    expect(expectLimitHeaders(response, FREE_PER_MINUTE).remaining).toBe(FREE_PER_MINUTE - 1);
  });

  it('does not let a refused request create anything', async () => {
    const fresh = await createTenant({ planTier: 'FREE' });
    const manager = await fresh.manager.token();
    await awaitRoomInCurrentMinute();
    const burst = await Promise.all(
      Array.from({ length: 70 }, (_, i) => call('POST', '/api/v1/locations', { tenant: fresh.slug, token: manager, json: { name: `Room ${i}` } })),
    );
    expect(burst.filter((r) => r.status === 201)).toHaveLength(FREE_PER_MINUTE);
    expect(burst.filter((r) => r.status === 429)).toHaveLength(10);
    const [stored] = await ownerDb()`select count(*)::int as n from locations where organisation_id = ${fresh.id} and name like 'Room %'`;
    const [audited] = await ownerDb()`select count(*)::int as n from audit_log where organisation_id = ${fresh.id} and target_type = 'LOCATION'`;
    expect(stored!.n).toBe(FREE_PER_MINUTE);
    expect(audited!.n).toBe(FREE_PER_MINUTE);
  });
});

describe('limits by tier', () => {
  it('reports 300 per minute for PRO_SMALL', async () => {
    const tenant = await createTenant({ planTier: 'PRO_SMALL' });
    const response = await call('GET', '/api/v1/assets', { tenant: tenant.slug, token: await tenant.employee.token() });
    expect(response.status).toBe(200);
    expect(expectLimitHeaders(response, 300).remaining).toBe(299);
  });

  it('ignores custom limits below the ENTERPRISE tier', async () => {
    const tenant = await createTenant({ planTier: 'FREE', customRateLimits: { perMinute: 5, perDay: 1000 } });
    const response = await call('GET', '/api/v1/assets', { tenant: tenant.slug, token: await tenant.employee.token() });
    expectLimitHeaders(response, FREE_PER_MINUTE);
  });

  it('gives an ENTERPRISE organisation without a contract the largest published tier', async () => {
    const tenant = await createTenant({ planTier: 'ENTERPRISE' });
    await ownerDb()`update organisations set custom_rate_limits = null where id = ${tenant.id}`;
    const response = await call('GET', '/api/v1/assets', { tenant: tenant.slug, token: await tenant.employee.token() });
    expect(expectLimitHeaders(response, 3000).remaining).toBe(2999);
  });

  it('applies ENTERPRISE custom limits: 5 per minute, then 429', async () => {
    const tenant = await createTenant({ planTier: 'ENTERPRISE', customRateLimits: { perMinute: 5, perDay: 1000 } });
    const token = await tenant.employee.token();
    await awaitRoomInCurrentMinute();
    const remaining: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await call('GET', '/api/v1/assets', { tenant: tenant.slug, token });
      expect(response.status).toBe(200);
      remaining.push(expectLimitHeaders(response, 5).remaining);
    }
    expect(remaining).toEqual([4, 3, 2, 1, 0]);
    const refused = await call('GET', '/api/v1/assets', { tenant: tenant.slug, token });
    expectEnvelope(refused, 429, 'RATE_LIMITED');
    expect(expectLimitHeaders(refused, 5).remaining).toBe(0);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it('describes the tighter window: a per-day limit of 3 beats a per-minute limit of 100', async () => {
    const tenant = await createTenant({ planTier: 'ENTERPRISE', customRateLimits: { perMinute: 100, perDay: 3 } });
    const token = await tenant.employee.token();
    const secondsToMidnight = 86_400 - Math.floor((Date.now() / 1000) % 86_400);
    const remaining: number[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await call('GET', '/api/v1/assets', { tenant: tenant.slug, token });
      expect(response.status).toBe(200);
      remaining.push(expectLimitHeaders(response, 3, 86_400).remaining);
      expect(limitHeaders(response).reset % 86_400).toBe(0);
    }
    expect(remaining).toEqual([2, 1, 0]);
    const refused = await call('GET', '/api/v1/assets', { tenant: tenant.slug, token });
    expectEnvelope(refused, 429, 'RATE_LIMITED');
    expect(expectLimitHeaders(refused, 3, 86_400).remaining).toBe(0);
    expect(Math.abs(Number(refused.headers['retry-after']) - secondsToMidnight)).toBeLessThanOrEqual(5);
  });
});
