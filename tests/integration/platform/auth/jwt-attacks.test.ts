import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWTPayload } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiResponse, call, expectEnvelope } from '../../../support/api';
import { createTenant, createUser, ownerDb, type TestTenant } from '../../../support/factories';
import { freshTimes, type Header, publicKeyPem, realSigningJwk, signHs256, signRs256, templateOf, unsigned } from './forge-token';

let tenantA: TestTenant;
let tenantB: TestTenant;
let realToken: string;
let template: { header: Header; claims: JWTPayload };

beforeAll(async () => {
  [tenantA, tenantB] = await Promise.all([createTenant(), createTenant()]);
  realToken = await tenantA.employee.token();
  template = templateOf(realToken);
});

/** The claims of tenant A's employee, freshly timed, with overrides (undefined removes a claim). */
function claims(overrides: Record<string, unknown> = {}): JWTPayload {
  // A fresh jti: RS256 signatures are deterministic, so the same claims in the same second would re-create the real token.
  const merged: Record<string, unknown> = { ...template.claims, ...freshTimes(), jti: randomUUID(), ...overrides };
  return Object.fromEntries(Object.entries(merged).filter(([, v]) => v !== undefined));
}

let attackNumber = 0;

/**
 * Each attack comes from an address of its own (the test server trusts one proxy hop): this file is about token
 * verification, and dozens of refusals from one client would otherwise meet the anonymous rate limit.
 */
async function listAssets(headers: Record<string, string>, tenant = tenantA): Promise<ApiResponse> {
  attackNumber += 1;
  return call('GET', '/api/v1/assets', { tenant: tenant.slug, headers: { 'x-forwarded-for': `203.0.113.${attackNumber % 250}`, ...headers } });
}

/** A credential must never come back: not in the body, not in any header. */
function expectNoEcho(response: ApiResponse, secret: string) {
  const [, payload = '', signature = ''] = secret.split('.');
  const everything = `${response.text}\n${JSON.stringify(response.headers)}`;
  if (secret.length > 8) expect(everything).not.toContain(secret);
  if (payload.length > 8) expect(everything).not.toContain(payload);
  if (signature.length > 8) expect(everything).not.toContain(signature);
}

async function expectRejected(authorization: string | null, reason: string, tenant = tenantA) {
  const response = await listAssets(authorization === null ? {} : { authorization }, tenant);
  expectEnvelope(response, 401, 'UNAUTHENTICATED');
  expect(response.headers['www-authenticate']).toMatch(/^Bearer\b/);
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.body.error.details).toEqual({ reason });
  expect(response.body).not.toHaveProperty('data');
  if (authorization) expectNoEcho(response, authorization.replace(/^\S+\s+/, ''));
  return response;
}

async function attackerJwk(kid: string) {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  return { privateJwk: { ...(await exportJWK(privateKey)), kid }, publicJwk: { ...(await exportJWK(publicKey)), kid } };
}

describe('the positive controls (so that every rejection below can fail)', () => {
  it('accepts the token the IdP issued', async () => {
    const response = await listAssets({ authorization: `Bearer ${realToken}` });
    expect(response.status).toBe(200);
    expect(response.body.pagination).toMatchObject({ limit: 25, total: 0, hasMore: false });
    expectNoEcho(response, realToken);
  });

  it('accepts a token forged with the real key and all the right claims', async () => {
    const token = await signRs256(claims(), template.header);
    expect(token).not.toBe(realToken);
    const response = await listAssets({ authorization: `Bearer ${token}` });
    expect(response.status).toBe(200);
    expect(Array.isArray(response.body.data)).toBe(true);
    expectNoEcho(response, token);
  });
});

describe('token lifetime within the clock skew (controls for the lifetime checks)', () => {
  const now = () => Math.floor(Date.now() / 1000);

  it.each([
    ['issued 30 s ahead of our clock', () => ({ iat: now() + 30, exp: now() + 30 + 3600 })],
    ['living exactly one hour plus 30 s', () => ({ iat: now(), exp: now() + 3630 })],
  ])('accepts a token %s', async (_name, times) => {
    const response = await listAssets({ authorization: `Bearer ${await signRs256(claims(times()), template.header)}` });
    expect(response.status, response.text).toBe(200);
  });
});

describe('missing or malformed credentials', () => {
  it('answers 401 with WWW-Authenticate: Bearer when there is no Authorization header', async () => {
    await expectRejected(null, 'missing_token');
  });

  it.each([
    ['Basic credentials', 'Basic dXNlcjpwYXNzd29yZA=='],
    ['an empty Bearer', 'Bearer '],
    ['a token with a space in it', 'Bearer abc def'],
    ['another scheme', 'Token abc.def.ghi'],
  ])('answers 401 for %s', async (_name, authorization) => {
    await expectRejected(authorization, 'malformed_authorization_header');
  });

  it('answers 401 for a token that is not a JWT', async () => {
    await expectRejected('Bearer not.a.jwt', 'malformed');
  });

  it('answers 401 for a large token of garbage', async () => {
    await expectRejected(`Bearer ${'a'.repeat(5_000)}.${'b'.repeat(5_000)}.${'c'.repeat(5_000)}`, 'malformed');
  });

  it('refuses a header section above 16 KiB at the HTTP layer (431), before any verification', async () => {
    const response = await listAssets({ authorization: `Bearer ${'a'.repeat(17_000)}` });
    expect(response.status).toBe(431);
    expect(response.text).not.toContain('aaaaaaaa');
  });
});

describe('forged and tampered tokens', () => {
  it.each(['none', 'None', 'NONE'])('rejects alg %s with otherwise perfect claims', async (alg) => {
    await expectRejected(`Bearer ${unsigned(claims(), template.header, alg)}`, 'unsupported_algorithm');
  });

  it('rejects HS256 signed with the public key PEM as the HMAC secret', async () => {
    await expectRejected(`Bearer ${signHs256(claims(), template.header, publicKeyPem())}`, 'unsupported_algorithm');
  });

  it('rejects HS256 signed with the modulus bytes of the public JWK as the HMAC secret', async () => {
    const secret = Buffer.from(realSigningJwk().n!, 'base64url');
    await expectRejected(`Bearer ${signHs256(claims(), template.header, secret)}`, 'unsupported_algorithm');
  });

  it('rejects RS256 signed by an unknown key under an unknown kid', async () => {
    const { privateJwk } = await attackerJwk(`attacker-${randomUUID()}`);
    await expectRejected(`Bearer ${await signRs256(claims(), { ...template.header, kid: privateJwk.kid }, privateJwk)}`, 'unknown_key');
  });

  it('rejects RS256 signed by an unknown key that claims the real kid', async () => {
    const { privateJwk } = await attackerJwk(realSigningJwk().kid);
    await expectRejected(`Bearer ${await signRs256(claims(), template.header, privateJwk)}`, 'invalid_signature');
  });

  it('ignores a public key embedded in the header (jwk) and a key URL (jku)', async () => {
    const { privateJwk, publicJwk } = await attackerJwk(realSigningJwk().kid);
    const header = { ...template.header, jwk: publicJwk, jku: 'http://127.0.0.1:1/jwks' };
    await expectRejected(`Bearer ${await signRs256(claims(), header, privateJwk)}`, 'invalid_signature');
  });

  it('rejects a real token whose payload was swapped for another tenant', async () => {
    const [header, , signature] = realToken.split('.');
    const payload = Buffer.from(JSON.stringify({ ...template.claims, organisationId: tenantB.id })).toString('base64url');
    await expectRejected(`Bearer ${header}.${payload}.${signature}`, 'invalid_signature', tenantB);
  });

  it('demands a kid even when the real key signed the token', async () => {
    await expectRejected(`Bearer ${await signRs256(claims(), { ...template.header, kid: undefined })}`, 'missing_kid');
  });
});

describe('tokens signed with the real key but with wrong claims', () => {
  const now = () => Math.floor(Date.now() / 1000);

  it.each([
    ['expired an hour ago', () => ({ iat: now() - 7200, exp: now() - 3600 }), 'expired'],
    ['expired beyond the clock tolerance', () => ({ iat: now() - 3660, exp: now() - 60 }), 'expired'],
    ['without exp', () => ({ exp: undefined }), 'invalid_claims'],
    ['without iat', () => ({ iat: undefined }), 'invalid_claims'],
    ['issued 10 minutes in the future', () => ({ iat: now() + 600, exp: now() + 600 + 3600 }), 'issued_in_future'],
    ['valid for 2 hours', () => ({ iat: now(), exp: now() + 7200 }), 'lifetime_too_long'],
    ['issued long ago and valid for a year', () => ({ iat: now() - 86_400, exp: now() + 365 * 86_400 }), 'lifetime_too_long'],
    ['not valid before an hour from now', () => ({ nbf: now() + 3600 }), 'invalid_claims'],
    ['from another issuer', () => ({ iss: 'https://evil.example.test' }), 'invalid_issuer'],
    ['for another audience', () => ({ aud: 'https://other-api.example.test' }), 'invalid_audience'],
    ['without organisationId', () => ({ organisationId: undefined }), 'invalid_claims'],
    ['with a non-UUID organisationId', () => ({ organisationId: 'acme' }), 'invalid_claims'],
    ['without userId', () => ({ userId: undefined }), 'invalid_claims'],
    ['with an unknown role', () => ({ role: 'SUPERUSER' }), 'invalid_claims'],
  ])('rejects a token %s', async (_name, overrides, reason) => {
    await expectRejected(`Bearer ${await signRs256(claims(overrides()), template.header)}`, reason);
  });

  it("rejects tenant A's genuine token on tenant B's host and provisions nobody there", async () => {
    await expectRejected(`Bearer ${realToken}`, 'tenant_mismatch', tenantB);
    const [row] = await ownerDb()`select count(*)::int as n from users where organisation_id = ${tenantB.id} and idp_subject = ${tenantA.employee.subject}`;
    expect(row!.n).toBe(0);
  });

  it("rejects a token forged for tenant B's id with tenant A's user on tenant A's host", async () => {
    await expectRejected(`Bearer ${await signRs256(claims({ organisationId: tenantB.id }), template.header)}`, 'tenant_mismatch');
  });
});

describe('401 versus 403', () => {
  it('answers 403 FORBIDDEN to a valid token whose role is too low, and stores nothing', async () => {
    const response = await call('POST', '/api/v1/assets', {
      tenant: tenantA.slug,
      token: realToken,
      json: { name: 'Not allowed', categoryId: tenantA.categoryId, locationId: tenantA.locationId, customFields: { ramGb: 8 } },
    });
    expectEnvelope(response, 403, 'FORBIDDEN');
    expect(response.body.error.details).toEqual({ requiredRole: 'ASSET_MANAGER' });
    expect(response.headers['www-authenticate']).toBeUndefined();
    const [row] = await ownerDb()`select count(*)::int as n from assets where organisation_id = ${tenantA.id}`;
    expect(row!.n).toBe(0);
  });

  it('answers 401, not 403, to an invalid token on an endpoint the role could not use anyway', async () => {
    const token = await signRs256(claims({ exp: Math.floor(Date.now() / 1000) - 3600 }), template.header);
    const response = await call('GET', '/api/v1/users', { tenant: tenantA.slug, token });
    expectEnvelope(response, 401, 'UNAUTHENTICATED');
  });

  it('trusts the database, not a role claim: an EMPLOYEE with a forged ADMIN claim gets 403', async () => {
    const token = await signRs256(claims({ role: 'ADMIN' }), template.header);
    const response = await call('GET', '/api/v1/users', { tenant: tenantA.slug, token });
    expectEnvelope(response, 403, 'FORBIDDEN');
  });

  it('provisions a first-seen subject as EMPLOYEE whatever role its token claims', async () => {
    const subject = `jit-${randomUUID()}`;
    const token = await signRs256(claims({ userId: subject, role: 'ADMIN', email: `${subject}@example.test` }), template.header);
    expect((await call('GET', '/api/v1/assets', { tenant: tenantA.slug, token })).status).toBe(200);
    expectEnvelope(await call('GET', '/api/v1/users', { tenant: tenantA.slug, token }), 403, 'FORBIDDEN');
    const rows = await ownerDb()`select role, is_active from users where organisation_id = ${tenantA.id} and idp_subject = ${subject}`;
    expect(rows).toEqual([{ role: 'EMPLOYEE', is_active: true }]);
  });

  it('answers 403 to a deactivated user with a valid token', async () => {
    const user = await createUser(tenantA.id, 'ADMIN');
    const token = await user.token();
    expect((await call('GET', '/api/v1/users', { tenant: tenantA.slug, token })).status).toBe(200);
    await ownerDb()`update users set is_active = false where id = ${user.id}`;
    const response = await call('GET', '/api/v1/assets', { tenant: tenantA.slug, token });
    expectEnvelope(response, 403, 'FORBIDDEN');
    expect(response.body.error.details).toEqual({ reason: 'user_inactive' });
  });
});
