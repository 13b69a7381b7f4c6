import { createHash } from 'node:crypto';
import { createRemoteJWKSet, customFetch, errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { UnauthenticatedError } from '@/lib/platform/core/errors';
import { Role } from '@/lib/platform/auth/roles';
import { configDefaults } from '@/lib/platform/config';

export type AccessTokenVerifierOptions = {
  issuer: string;
  audience: string;
  jwksUrl?: string;
  fetchImpl?: typeof fetch;
  /** Longest exp - iat accepted (ACCESS_TOKEN_MAX_LIFETIME_SECONDS). */
  maxLifetimeSeconds?: number;
  /** Tolerated clock difference to the issuer, for exp, nbf, iat and the lifetime (ACCESS_TOKEN_CLOCK_SKEW_SECONDS). */
  clockSkewSeconds?: number;
  /** How long a verified token's claims are remembered (VERIFIED_TOKEN_CACHE_SECONDS); 0 verifies every call. */
  verifiedCacheSeconds?: number;
};

export type AccessTokenVerifier = { verify(token: string): Promise<AccessTokenClaims> };

const accessTokenClaimsSchema = z.object({
  organisationId: z.uuid(),
  userId: z.string().min(1).max(255),
  role: Role.optional(),
  email: z.string().max(320).optional(),
  given_name: z.string().max(200).optional(),
  family_name: z.string().max(200).optional(),
});

export type AccessTokenClaims = z.infer<typeof accessTokenClaimsSchema>;

const jwksCacheMaxAgeMs = 24 * 60 * 60 * 1000;
const jwksCooldownMs = 60 * 1000;
const discoveryTimeoutMs = 5000;
// Far above any real access token; bounds the work an anonymous caller can cause.
const maxTokenLength = 16 * 1024;
/**
 * A verified token's claims are remembered for at most this long, and never past the token's exp. The RS256 check
 * was about a tenth of an API call's CPU. The token is stateless (nothing revokes it before exp), and whether its
 * user may act is read from the database on every call (loadActingUser), so a deactivated user is refused at once.
 * A key withdrawn from the JWKS was already trusted for up to the JWKS cache's 24 h.
 */
export const VERIFIED_TOKEN_CACHE_SECONDS = 30;
// Each entry is a SHA-256 digest and a few claims; the cap bounds the memory many distinct tokens can take.
const verifiedCacheMaxEntries = 10_000;
const bearerPattern = /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i;

export function extractBearerToken(authorizationHeader: string | null): string {
  if (!authorizationHeader) throw new UnauthenticatedError(undefined, { reason: 'missing_token' });
  const token = bearerPattern.exec(authorizationHeader)?.[1];
  if (!token) throw new UnauthenticatedError(undefined, { reason: 'malformed_authorization_header' });
  return token;
}

export function createAccessTokenVerifier(options: AccessTokenVerifierOptions): AccessTokenVerifier {
  const fetchImpl = options.fetchImpl ?? fetch;
  let keySet: Promise<JWTVerifyGetKey> | undefined;

  function resolveKeySet(): Promise<JWTVerifyGetKey> {
    keySet ??= resolveJwksUrl(options, fetchImpl).then((url) => {
      const remote = createRemoteJWKSet(url, {
        cacheMaxAge: jwksCacheMaxAgeMs,
        cooldownDuration: jwksCooldownMs,
        [customFetch]: fetchImpl,
      });
      // jose would pick the only RS256 key for a token without kid; the IdP always sets kid, so demand it.
      return (header, token) => {
        if (!header.kid) throw new MissingKidError();
        return remote(header, token);
      };
    });
    // A failed discovery is not cached, so the next request retries it.
    keySet.catch(() => {
      keySet = undefined;
    });
    return keySet;
  }

  const maxLifetimeSeconds = options.maxLifetimeSeconds ?? configDefaults.ACCESS_TOKEN_MAX_LIFETIME_SECONDS;
  const clockSkewSeconds = options.clockSkewSeconds ?? configDefaults.ACCESS_TOKEN_CLOCK_SKEW_SECONDS;

  const cacheMs = (options.verifiedCacheSeconds ?? VERIFIED_TOKEN_CACHE_SECONDS) * 1000;
  // Each entry lives until the token's exp at the latest (its own ttl). Measured on the wall clock, as exp is.
  const verified = new LRUCache<string, AccessTokenClaims>({ max: verifiedCacheMaxEntries, ttlResolution: 0, perf: { now: () => Date.now() } });

  return {
    async verify(token) {
      if (token.length > maxTokenLength) throw new UnauthenticatedError(undefined, { reason: 'malformed' });
      // Keyed by the digest of the whole token (header, claims and signature): only the very bytes that passed
      // the check are let through without it. Failures are never remembered.
      const key = cacheMs > 0 ? createHash('sha256').update(token).digest('base64url') : '';
      const hit = cacheMs > 0 ? verified.get(key) : undefined;
      if (hit) return hit;
      try {
        const { payload } = await jwtVerify(token, await resolveKeySet(), {
          algorithms: ['RS256'],
          issuer: options.issuer,
          audience: options.audience,
          clockTolerance: clockSkewSeconds,
          requiredClaims: ['exp', 'iat'],
        });
        checkLifetime(payload as { iat: number; exp: number }, maxLifetimeSeconds, clockSkewSeconds);
        const claims = accessTokenClaimsSchema.safeParse(payload);
        if (!claims.success) throw new UnauthenticatedError(undefined, { reason: 'invalid_claims' });
        const result = Object.freeze(claims.data);
        // lru-cache keeps an entry while its age is at most its ttl: one millisecond less ends it before exp.
        const ttl = Math.floor(Math.min(cacheMs, (payload.exp as number) * 1000 - Date.now())) - 1;
        if (ttl > 0) verified.set(key, result, { ttl });
        return result;
      } catch (error) {
        if (error instanceof UnauthenticatedError) throw error;
        throw new UnauthenticatedError(undefined, { reason: describeFailure(error) });
      }
    },
  };
}

/**
 * A token minted ahead of time, or for far longer than the issuer ever grants, is what a stolen signing key or a
 * misconfigured issuer produces; an exp alone would let it live on long after a key rotation (issue 11, finding 10).
 */
function checkLifetime({ iat, exp }: { iat: number; exp: number }, maxLifetimeSeconds: number, clockSkewSeconds: number): void {
  if (iat > Date.now() / 1000 + clockSkewSeconds) throw new UnauthenticatedError(undefined, { reason: 'issued_in_future' });
  if (exp - iat > maxLifetimeSeconds + clockSkewSeconds) throw new UnauthenticatedError(undefined, { reason: 'lifetime_too_long' });
}

class MissingKidError extends Error {}

class DiscoveryError extends Error {}

async function resolveJwksUrl(options: AccessTokenVerifierOptions, fetchImpl: typeof fetch): Promise<URL> {
  if (options.jwksUrl) return new URL(options.jwksUrl);
  const discoveryUrl = `${options.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
  const response = await fetchImpl(discoveryUrl, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(discoveryTimeoutMs),
  }).catch((cause: unknown) => {
    throw new DiscoveryError('discovery request failed', { cause });
  });
  if (!response.ok) throw new DiscoveryError(`discovery answered ${response.status}`);
  const discovery = (await response.json().catch(() => ({}))) as { issuer?: unknown; jwks_uri?: unknown };
  // OIDC Discovery 1.0 §4.3: the document must name the issuer it was fetched for.
  if (discovery.issuer !== options.issuer || typeof discovery.jwks_uri !== 'string') {
    throw new DiscoveryError('discovery document does not match the issuer');
  }
  return new URL(discovery.jwks_uri);
}

function describeFailure(error: unknown): string {
  if (error instanceof MissingKidError) return 'missing_kid';
  if (error instanceof DiscoveryError) return 'discovery_failed';
  if (error instanceof errors.JWTExpired) return 'expired';
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'iss') return 'invalid_issuer';
    if (error.claim === 'aud') return 'invalid_audience';
    return 'invalid_claims';
  }
  if (error instanceof errors.JOSEAlgNotAllowed || error instanceof errors.JOSENotSupported) return 'unsupported_algorithm';
  if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys) return 'unknown_key';
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'invalid_signature';
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid) return 'jwks_unavailable';
  if (error instanceof errors.JWSInvalid || error instanceof errors.JWTInvalid) return 'malformed';
  return 'invalid_token';
}
