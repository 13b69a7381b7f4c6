import { randomUUID } from 'node:crypto';
import { base64url, exportSPKI, importJWK, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { UnauthenticatedError } from '@/lib/platform/core/errors';
import { httpOfError } from '@/lib/transport/http/http-of-error';
import { createAccessTokenVerifier } from '@/lib/platform/auth/verify-access-token';
import { createIdentityProvider, type DevAccount, type IdentityProvider } from '@/scripts/dev-idp/create-identity-provider';
import { generateSigningKey, type PrivateSigningJwk } from '@/scripts/dev-idp/signing-keys';
import { getUserAccessToken } from '@/tests/support/idp-client';

const audience = 'https://api.quartermaster.local';
const account: DevAccount = {
  accountId: 'acme-manager',
  organisationId: randomUUID(),
  role: 'ASSET_MANAGER',
  email: 'marcus.manager@acme.example',
  givenName: 'Marcus',
  familyName: 'Reyes',
};

let identityProvider: IdentityProvider;
let issuer: string;
let signingJwk: PrivateSigningJwk;
let signingKey: CryptoKey;
let realToken: string;

beforeAll(async () => {
  signingJwk = await generateSigningKey();
  signingKey = (await importJWK(signingJwk, 'RS256')) as CryptoKey;
  identityProvider = createIdentityProvider({ port: 0, audience, keys: [signingJwk], accounts: [account] });
  ({ issuer } = await identityProvider.start());
  realToken = await getUserAccessToken(issuer, account.accountId, { audience });
});

afterAll(async () => {
  await identityProvider.stop();
});

function createCountingFetch() {
  const counts = { discovery: 0, jwks: 0 };
  const countingFetch: typeof fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.endsWith('/.well-known/openid-configuration')) counts.discovery += 1;
    else if (url.endsWith('/jwks')) counts.jwks += 1;
    return fetch(input, init);
  };
  return { counts, countingFetch };
}

function validClaims(): JWTPayload {
  return { organisationId: account.organisationId, userId: account.accountId, role: account.role, iss: issuer, aud: audience };
}

async function signToken(
  claims: JWTPayload = validClaims(),
  { key = signingKey, kid = signingJwk.kid as string | null, expiresAt = '1h' as number | string } = {},
) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', ...(kid === null ? {} : { kid }) })
    .setIssuedAt()
    .setExpirationTime(expiresAt)
    .sign(key);
}

function encodeSegment(value: unknown) {
  return base64url.encode(JSON.stringify(value));
}

async function expectRejected(promise: Promise<unknown>, reason?: string) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(UnauthenticatedError);
  const unauthenticated = error as UnauthenticatedError;
  expect(httpOfError(unauthenticated).status).toBe(401);
  expect(unauthenticated.message).toBe('A valid bearer token is required.');
  if (reason) expect(unauthenticated.details).toEqual({ reason });
}

describe('createAccessTokenVerifier', () => {
  it('verifies a real IdP token via OIDC discovery and returns its claims', async () => {
    const verifier = createAccessTokenVerifier({ issuer, audience });
    await expect(verifier.verify(realToken)).resolves.toEqual({
      organisationId: account.organisationId,
      userId: account.accountId,
      role: 'ASSET_MANAGER',
      email: account.email,
      given_name: 'Marcus',
      family_name: 'Reyes',
    });
  });

  it('verifies with a direct jwksUrl without fetching discovery', async () => {
    const { counts, countingFetch } = createCountingFetch();
    const verifier = createAccessTokenVerifier({ issuer, audience, jwksUrl: `${issuer}/jwks`, fetchImpl: countingFetch });
    await expect(verifier.verify(realToken)).resolves.toMatchObject({ userId: account.accountId });
    expect(counts).toEqual({ discovery: 0, jwks: 1 });
  });

  it('fetches discovery and the JWKS once across many verifications', async () => {
    const { counts, countingFetch } = createCountingFetch();
    const verifier = createAccessTokenVerifier({ issuer, audience, fetchImpl: countingFetch });
    const tokens = [realToken, ...(await Promise.all(Array.from({ length: 9 }, () => signToken())))];
    for (const token of [...tokens, ...tokens]) await verifier.verify(token);
    await Promise.all(tokens.map((token) => verifier.verify(token)));
    expect(counts).toEqual({ discovery: 1, jwks: 1 });
  });

  it('does not refetch the JWKS for unknown kids within the cooldown', async () => {
    const { counts, countingFetch } = createCountingFetch();
    const verifier = createAccessTokenVerifier({ issuer, audience, fetchImpl: countingFetch });
    await verifier.verify(realToken);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await expectRejected(verifier.verify(await signToken(validClaims(), { kid: `unknown-${attempt}` })), 'unknown_key');
    }
    expect(counts.jwks).toBe(1);
  });

  it('retries discovery on the next call after a failure', async () => {
    let failNext = true;
    const flakyFetch: typeof fetch = async (input, init) => {
      if (failNext) {
        failNext = false;
        throw new TypeError('fetch failed');
      }
      return fetch(input, init);
    };
    const verifier = createAccessTokenVerifier({ issuer, audience, fetchImpl: flakyFetch });
    await expectRejected(verifier.verify(realToken), 'discovery_failed');
    await expect(verifier.verify(realToken)).resolves.toMatchObject({ userId: account.accountId });
  });

  describe('remembers verified tokens', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('never past their exp', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const verifier = createAccessTokenVerifier({ issuer, audience, jwksUrl: `${issuer}/jwks`, clockSkewSeconds: 0, verifiedCacheSeconds: 300 });
      const token = await signToken(validClaims(), { expiresAt: Math.floor(Date.now() / 1000) + 20 });
      await expect(verifier.verify(token)).resolves.toMatchObject({ userId: account.accountId });
      vi.setSystemTime(Date.now() + 10_000);
      await expect(verifier.verify(token)).resolves.toMatchObject({ userId: account.accountId });
      vi.setSystemTime(Date.now() + 11_000);
      await expectRejected(verifier.verify(token), 'expired');
    });

    it('only for the very bytes that were verified', async () => {
      const verifier = createAccessTokenVerifier({ issuer, audience, jwksUrl: `${issuer}/jwks` });
      const token = await signToken();
      await verifier.verify(token);
      const [header, payload, signature] = token.split('.') as [string, string, string];
      const forged = `${header}.${encodeSegment({ ...validClaims(), userId: 'someone-else', iat: Math.floor(Date.now() / 1000), exp: Math.floor(Date.now() / 1000) + 600 })}.${signature}`;
      await expectRejected(verifier.verify(forged), 'invalid_signature');
      const flipped = `${header}.${payload}.${signature.slice(0, -2)}${signature.at(-2) === 'A' ? 'B' : 'A'}${signature.at(-1)}`;
      await expectRejected(verifier.verify(flipped));
      await expect(verifier.verify(token)).resolves.toMatchObject({ userId: account.accountId });
    });
  });

  describe('rejects', () => {
    const verifier = () => createAccessTokenVerifier({ issuer, audience, jwksUrl: `${issuer}/jwks` });

    it('an unsecured alg=none token', async () => {
      const token = `${encodeSegment({ alg: 'none', kid: signingJwk.kid })}.${encodeSegment({ ...validClaims(), exp: Date.now() / 1000 + 600 })}.`;
      await expectRejected(verifier().verify(token));
    });

    it('an HS256 token keyed with the public key bytes (algorithm confusion)', async () => {
      const publicKey = await importJWK({ kty: 'RSA', n: signingJwk.n, e: signingJwk.e }, 'RS256', { extractable: true });
      const pem = await exportSPKI(publicKey as CryptoKey);
      for (const secret of [new TextEncoder().encode(pem), base64url.decode(signingJwk.n as string)]) {
        const token = await new SignJWT(validClaims())
          .setProtectedHeader({ alg: 'HS256', kid: signingJwk.kid })
          .setExpirationTime('1h')
          .sign(secret);
        await expectRejected(verifier().verify(token), 'unsupported_algorithm');
      }
    });

    it('a token signed by an unknown RSA key with an unknown kid', async () => {
      const foreign = await generateSigningKey();
      const token = await signToken(validClaims(), { key: (await importJWK(foreign, 'RS256')) as CryptoKey, kid: foreign.kid });
      await expectRejected(verifier().verify(token), 'unknown_key');
    });

    it('a token signed by an unknown RSA key that claims the real kid', async () => {
      const foreign = await generateSigningKey();
      const token = await signToken(validClaims(), { key: (await importJWK(foreign, 'RS256')) as CryptoKey });
      await expectRejected(verifier().verify(token), 'invalid_signature');
    });

    it('a token signed with the real key but without a kid', async () => {
      await expectRejected(verifier().verify(await signToken(validClaims(), { kid: null })), 'missing_kid');
    });

    it('a token signed with the real key but a changed kid', async () => {
      await expectRejected(verifier().verify(await signToken(validClaims(), { kid: 'rotated-away' })), 'unknown_key');
    });

    it('an expired token signed with the real key', async () => {
      const token = await signToken(validClaims(), { expiresAt: Math.floor(Date.now() / 1000) - 60 });
      await expectRejected(verifier().verify(token), 'expired');
    });

    it('a token without exp', async () => {
      const token = await new SignJWT(validClaims()).setProtectedHeader({ alg: 'RS256', kid: signingJwk.kid }).sign(signingKey);
      await expectRejected(verifier().verify(token), 'invalid_claims');
    });

    it('a token from another issuer', async () => {
      await expectRejected(verifier().verify(await signToken({ ...validClaims(), iss: 'http://127.0.0.1:1' })), 'invalid_issuer');
    });

    it('a token for another audience', async () => {
      await expectRejected(verifier().verify(await signToken({ ...validClaims(), aud: 'https://other.example' })), 'invalid_audience');
    });

    it('a token without organisationId or with a malformed one', async () => {
      const { organisationId: _omitted, ...withoutOrganisation } = validClaims();
      await expectRejected(verifier().verify(await signToken(withoutOrganisation)), 'invalid_claims');
      await expectRejected(verifier().verify(await signToken({ ...validClaims(), organisationId: 'acme' })), 'invalid_claims');
      await expectRejected(verifier().verify(await signToken({ ...validClaims(), userId: '' })), 'invalid_claims');
    });

    it('a real token whose payload was tampered with', async () => {
      const [header, payload, signature] = realToken.split('.');
      const claims = JSON.parse(new TextDecoder().decode(base64url.decode(payload!))) as JWTPayload;
      const forged = `${header}.${encodeSegment({ ...claims, organisationId: randomUUID(), role: 'ADMIN' })}.${signature}`;
      await expectRejected(verifier().verify(forged), 'invalid_signature');
    });

    it('malformed strings', async () => {
      const truncated = realToken.replace(/\.[^.]+$/, '.');
      const malformed = ['', 'x'.repeat(17 * 1024), 'not-a-jwt', 'a.b', 'a.b.c', '..', `${realToken}.extra`, truncated];
      for (const token of malformed) await expectRejected(verifier().verify(token));
    });

    it('without echoing the token in the error', async () => {
      const token = await signToken({ ...validClaims(), aud: 'https://other.example' });
      const error: unknown = await verifier().verify(token).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(UnauthenticatedError);
      const { message, details } = error as UnauthenticatedError;
      expect(JSON.stringify({ message, details })).not.toContain(token.split('.')[1]);
    });
  });
});
