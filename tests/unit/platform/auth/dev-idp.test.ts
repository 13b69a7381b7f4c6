import { randomUUID } from 'node:crypto';
import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityProvider, type DevAccount, type IdentityProvider } from '@/scripts/dev-idp/create-identity-provider';
import {
  exchangeAuthorizationCode,
  getClientCredentialsToken,
  getUserAccessToken,
  registerAccount,
  requestAuthorizationCode,
} from '@/tests/support/idp-client';

const audience = 'https://api.quartermaster.local';
const organisationId = randomUUID();
const employee: DevAccount = {
  accountId: 'acme-employee-1',
  organisationId,
  role: 'EMPLOYEE',
  email: 'emma.stone@acme.example',
  givenName: 'Emma',
  familyName: 'Stone',
};
const serviceAccount = { organisationId, userId: 'acme-integration', role: 'ASSET_MANAGER' as const };
const integration = { clientId: 'quartermaster-integration', clientSecret: 'integration-test-secret' };

let identityProvider: IdentityProvider;
let issuer: string;

beforeAll(async () => {
  identityProvider = createIdentityProvider({
    port: 0,
    audience,
    accounts: [employee],
    clients: { integration: { clientSecret: integration.clientSecret, serviceAccount } },
  });
  ({ issuer } = await identityProvider.start());
});

afterAll(async () => {
  await identityProvider.stop();
});

async function verifyWithIdpKeys(token: string) {
  const discovery = (await (await fetch(`${issuer}/.well-known/openid-configuration`)).json()) as { jwks_uri: string };
  return jwtVerify(token, createRemoteJWKSet(new URL(discovery.jwks_uri)), { issuer, audience, algorithms: ['RS256'] });
}

describe('dev identity provider', () => {
  it('publishes discovery with a JWKS of public RSA keys only', async () => {
    const response = await fetch(`${issuer}/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const discovery = (await response.json()) as Record<string, unknown>;
    expect(discovery).toMatchObject({ issuer, code_challenge_methods_supported: ['S256'] });
    const jwks = (await (await fetch(String(discovery.jwks_uri))).json()) as { keys: Record<string, unknown>[] };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(jwks.keys[0]).not.toHaveProperty('d');
  });

  it('issues an RS256 JWT for the API through authorization code + PKCE', async () => {
    const token = await getUserAccessToken(issuer, employee.accountId, { audience });
    const header = decodeProtectedHeader(token);
    expect(header.alg).toBe('RS256');
    expect(header.kid).toEqual(expect.any(String));
    const { payload } = await verifyWithIdpKeys(token);
    expect(payload).toMatchObject({
      iss: issuer,
      aud: audience,
      sub: employee.accountId,
      organisationId,
      userId: employee.accountId,
      role: 'EMPLOYEE',
      email: employee.email,
      given_name: 'Emma',
      family_name: 'Stone',
    });
    expect(payload.exp! - payload.iat!).toBe(3600);
    expect(Math.abs(payload.exp! - (Date.now() / 1000 + 3600))).toBeLessThan(30);
  });

  it('returns the cached token for the same account', async () => {
    const first = await getUserAccessToken(issuer, employee.accountId, { audience });
    expect(await getUserAccessToken(issuer, employee.accountId, { audience })).toBe(first);
  });

  it('defaults the resource to the API audience when the client omits it', async () => {
    const { code, codeVerifier } = await requestAuthorizationCode(issuer, employee.accountId);
    const response = await exchangeAuthorizationCode(issuer, { code, codeVerifier });
    expect(response.status).toBe(200);
    const { access_token } = (await response.json()) as { access_token: string };
    expect(decodeJwt(access_token)).toMatchObject({ aud: audience, organisationId });
  });

  it('rejects a token exchange with the wrong PKCE verifier', async () => {
    const { code } = await requestAuthorizationCode(issuer, employee.accountId, { audience });
    const response = await exchangeAuthorizationCode(issuer, { code, codeVerifier: 'x'.repeat(43) });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('rejects an authorization request without a code challenge', async () => {
    const url = new URL(`${issuer}/auth`);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: 'quartermaster-web',
      redirect_uri: 'http://127.0.0.1/callback',
      scope: 'openid',
    }).toString();
    const response = await fetch(url, { redirect: 'manual' });
    const location = new URL(response.headers.get('location') ?? '', issuer);
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('code')).toBeNull();
  });

  it('issues client-credentials JWTs carrying the service account claims', async () => {
    const token = await getClientCredentialsToken(issuer, { ...integration, audience });
    const { payload, protectedHeader } = await verifyWithIdpKeys(token);
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload).toMatchObject({ aud: audience, organisationId, userId: 'acme-integration', role: 'ASSET_MANAGER' });
    expect(payload.exp! - payload.iat!).toBe(3600);
  });

  it('refuses client credentials with a wrong secret', async () => {
    await expect(
      getClientCredentialsToken(issuer, { clientId: integration.clientId, clientSecret: 'wrong', audience }),
    ).rejects.toThrow(/invalid_client/);
  });

  it('signs in an account registered through /dev/accounts', async () => {
    const account: DevAccount = {
      accountId: `user-${randomUUID()}`,
      organisationId: randomUUID(),
      role: 'ADMIN',
      email: 'new.admin@globex.example',
      givenName: 'Nia',
      familyName: 'Admin',
    };
    await registerAccount(issuer, account);
    const { payload } = await verifyWithIdpKeys(await getUserAccessToken(issuer, account.accountId, { audience }));
    expect(payload).toMatchObject({ organisationId: account.organisationId, userId: account.accountId, role: 'ADMIN' });
  });

  it('rejects an invalid /dev/accounts body and an unknown login', async () => {
    const response = await fetch(`${issuer}/dev/accounts`, { method: 'POST', body: JSON.stringify({ accountId: 'x' }) });
    expect(response.status).toBe(400);
    await expect(requestAuthorizationCode(issuer, 'nobody', { audience })).rejects.toThrow(/400/);
  });
});
