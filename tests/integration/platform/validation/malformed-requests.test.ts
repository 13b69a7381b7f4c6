import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiResponse, call, expectEnvelope } from '../../../support/api';
import { createTenant, type TestTenant } from '../../../support/factories';
import { expectNothingStored, expectValidationIssues } from './stored-state';

let tenant: TestTenant;
let token: string;

beforeAll(async () => {
  tenant = await createTenant();
  token = await tenant.admin.token();
});

function nested(depth: number, leaf: string): string {
  return `${'['.repeat(depth)}${leaf}${']'.repeat(depth)}`;
}

function assetBodyWith(deep: string): string {
  return `{"name":"Deep","categoryId":"${tenant.categoryId}","locationId":"${tenant.locationId}","customFields":{"ramGb":8,"deep":${deep}}}`;
}

function expectJsonError(response: ApiResponse, status: number, code: string) {
  expect(response.headers['content-type'], response.text.slice(0, 200)).toMatch(/^application\/json/);
  expectEnvelope(response, status, code);
}

describe('absurdly nested JSON bodies (issue 11, finding 5a)', () => {
  it.each([
    [5_000, '"\\u0000"'],
    [5_000, '"plain"'],
    [100_000, '"\\u0000"'],
    [100_000, '"plain"'],
  ])('depth %i with leaf %s answers 400 too_deep, never 500', async (depth, leaf) => {
    const body = assetBodyWith(nested(depth, leaf));
    const response = await expectNothingStored(tenant.id, () =>
      call('POST', '/api/v1/assets', { tenant: tenant.slug, token, body, headers: { 'content-type': 'application/json' } }),
    );
    expectJsonError(response, 400, 'VALIDATION_ERROR');
    expect(response.body.error.details).toMatchObject({ location: 'body', reason: 'too_deep' });
  });

  it('still names the path of a NUL inside a moderately nested body', async () => {
    const body = assetBodyWith(nested(10, '"a\\u0000b"'));
    const response = await call('POST', '/api/v1/assets', { tenant: tenant.slug, token, body, headers: { 'content-type': 'application/json' } });
    const [issue] = expectValidationIssues(response, 'body', ['customFields.deep.0.0.0.0.0.0.0.0.0.0']);
    expect(issue!.code).toBe('nul_character');
  });
});

describe('malformed percent-encoding in the path (issue 11, finding 5b)', () => {
  it.each(['/api/v1/assets/%ZZ', '/api/v1/loans/%E0%A4%A', '/api/v1/assets/%', '/api/nothing-here/%ZZ'])(
    '%s answers 400 malformed_path in the JSON envelope',
    async (path) => {
      const response = await call('GET', path, { tenant: tenant.slug, token });
      expectJsonError(response, 400, 'VALIDATION_ERROR');
      expect(response.body.error.details).toEqual({
        location: 'path',
        reason: 'malformed_path',
        issues: [{ path: '', code: 'malformed_path', message: expect.any(String) }],
      });
      expect(response.headers['cache-control']).toBe('no-store');
    },
  );

  it('a well-formed percent-encoded id is still routed and validated as usual', async () => {
    const response = await call('GET', '/api/v1/assets/%41BC', { tenant: tenant.slug, token });
    expectValidationIssues(response, 'path', ['id']);
  });
});

describe('unknown endpoints are rate limited like other unauthenticated calls (issue 11, finding 5c)', () => {
  it('charges the client bucket of the tenant and says so in X-RateLimit-*', async () => {
    const first = await call('GET', '/api/v1/nothing-here', { tenant: tenant.slug, headers: { 'x-forwarded-for': '192.0.2.50' } });
    const second = await call('POST', '/api/v1/nothing-here', { tenant: tenant.slug, token, headers: { 'x-forwarded-for': '192.0.2.50' }, json: {} });
    for (const response of [first, second]) {
      expectJsonError(response, 404, 'ENDPOINT_NOT_FOUND');
      expect(response.headers['x-ratelimit-limit']).toBe('30');
      expect(response.headers['x-ratelimit-reset']).toMatch(/^\d+$/);
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(Number(first.headers['x-ratelimit-remaining']) - Number(second.headers['x-ratelimit-remaining'])).toBe(1);
  });

  it('charges a client bucket of its own when no organisation is served at the address', async () => {
    const response = await call('GET', '/api/v1/nothing-here', { headers: { 'x-forwarded-for': '192.0.2.51' } });
    expectJsonError(response, 404, 'ENDPOINT_NOT_FOUND');
    expect(response.headers['x-ratelimit-limit']).toBe('30');
    expect(response.headers['x-ratelimit-remaining']).toBe('29');
  });
});
