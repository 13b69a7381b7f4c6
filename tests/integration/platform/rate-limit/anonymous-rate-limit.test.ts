import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiResponse, call, expectEnvelope } from '../../../support/api';
import { createTenant, type TestTenant } from '../../../support/factories';
import { awaitRoomInCurrentMinute, expectLimitHeaders, expectRetryAfter } from './limit-headers';

const FREE_PER_MINUTE = 60;
const ANONYMOUS_PER_MINUTE = 30;

// The test server trusts one proxy hop (TRUSTED_PROXY_HOPS=1), so X-Forwarded-For names the client here.
const from = (address: string) => ({ 'x-forwarded-for': address });

function slotsOf(responses: ApiResponse[], limit: number): number[] {
  return responses.map((r) => expectLimitHeaders(r, limit).remaining).sort((a, b) => a - b);
}

describe('calls without a valid token cannot use up the tenant quota (issue 11, finding 2)', () => {
  let tenant: TestTenant;
  let token: string;

  beforeAll(async () => {
    tenant = await createTenant({ planTier: 'FREE' });
    token = await tenant.employee.token();
  });

  it('answers 61 anonymous calls from its client bucket (30 x 401, then 429) and still serves the tenant in full', async () => {
    await awaitRoomInCurrentMinute();
    const attacker = from('198.51.100.7');
    const burst = await Promise.all(Array.from({ length: 61 }, () => call('GET', '/api/v1/assets', { tenant: tenant.slug, headers: attacker })));

    const refused = burst.filter((r) => r.status === 401);
    const limited = burst.filter((r) => r.status === 429);
    expect(refused).toHaveLength(ANONYMOUS_PER_MINUTE);
    expect(limited).toHaveLength(61 - ANONYMOUS_PER_MINUTE);
    for (const response of refused) expectEnvelope(response, 401, 'UNAUTHENTICATED');
    expect(slotsOf(refused, ANONYMOUS_PER_MINUTE)).toEqual(Array.from({ length: ANONYMOUS_PER_MINUTE }, (_, i) => i));
    for (const response of limited) {
      expectEnvelope(response, 429, 'RATE_LIMITED');
      expectRetryAfter(response, ANONYMOUS_PER_MINUTE);
    }

    // The same address with a valid token: the tenant's own window, untouched by the burst.
    const served = await call('GET', '/api/v1/assets', { tenant: tenant.slug, token, headers: attacker });
    expect(served.status, served.text).toBe(200);
    expect(expectLimitHeaders(served, FREE_PER_MINUTE).remaining).toBe(FREE_PER_MINUTE - 1);
    expect(served.headers['retry-after']).toBeUndefined();

    // Another client without a token has a bucket of its own.
    const neighbour = await call('GET', '/api/v1/assets', { tenant: tenant.slug, headers: from('198.51.100.8') });
    expectEnvelope(neighbour, 401, 'UNAUTHENTICATED');
    expect(expectLimitHeaders(neighbour, ANONYMOUS_PER_MINUTE).remaining).toBe(ANONYMOUS_PER_MINUTE - 1);
  });

  it('charges failed authentication (malformed, issued for another tenant) to the client bucket, not to either tenant', async () => {
    await awaitRoomInCurrentMinute();
    const [target, other] = await Promise.all([createTenant({ planTier: 'FREE' }), createTenant({ planTier: 'FREE' })]);
    const client = from('198.51.100.20');
    const otherToken = await other.employee.token();
    const malformed = await call('GET', '/api/v1/assets', { tenant: target.slug, token: 'not.a.jwt', headers: client });
    const mismatch = await call('GET', '/api/v1/assets', { tenant: target.slug, token: otherToken, headers: client });
    expectEnvelope(malformed, 401, 'UNAUTHENTICATED');
    expectEnvelope(mismatch, 401, 'UNAUTHENTICATED');
    expect(mismatch.body.error.details).toEqual({ reason: 'tenant_mismatch' });
    expect([malformed, mismatch].map((r) => expectLimitHeaders(r, ANONYMOUS_PER_MINUTE).remaining)).toEqual([29, 28]);

    for (const [slug, bearer] of [[target.slug, await target.employee.token()], [other.slug, otherToken]] as const) {
      const served = await call('GET', '/api/v1/assets', { tenant: slug, token: bearer, headers: client });
      expect(served.status).toBe(200);
      expect(expectLimitHeaders(served, FREE_PER_MINUTE).remaining).toBe(FREE_PER_MINUTE - 1);
    }
  });

  it('keeps one tenant’s client bucket apart from another tenant’s', async () => {
    const other = await createTenant({ planTier: 'FREE' });
    const response = await call('GET', '/api/v1/assets', { tenant: other.slug, headers: from('198.51.100.7') });
    expectEnvelope(response, 401, 'UNAUTHENTICATED');
    expect(expectLimitHeaders(response, ANONYMOUS_PER_MINUTE).remaining).toBe(ANONYMOUS_PER_MINUTE - 1);
  });

  it('charges 405 answers, which never look at a token, to the client bucket', async () => {
    await awaitRoomInCurrentMinute();
    const fresh = await createTenant({ planTier: 'FREE' });
    const freshToken = await fresh.employee.token();
    const client = from('198.51.100.30');
    const refused = await call('PUT', '/api/v1/assets', { tenant: fresh.slug, token: freshToken, headers: client, json: {} });
    expectEnvelope(refused, 405, 'METHOD_NOT_ALLOWED');
    expect(expectLimitHeaders(refused, ANONYMOUS_PER_MINUTE).remaining).toBe(ANONYMOUS_PER_MINUTE - 1);
    const served = await call('GET', '/api/v1/assets', { tenant: fresh.slug, token: freshToken, headers: client });
    expect(expectLimitHeaders(served, FREE_PER_MINUTE).remaining).toBe(FREE_PER_MINUTE - 1);
  });
});
