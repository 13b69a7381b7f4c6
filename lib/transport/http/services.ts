import { getConfig } from '@/lib/platform/config';
import { type AccessTokenVerifier, createAccessTokenVerifier } from '@/lib/platform/auth/verify-access-token';
import { UnauthenticatedError } from '@/lib/platform/core/errors';
import { PrivacyConfigError, resolvePseudonymSecret } from '@/lib/privacy/erasure/pseudonym';
import { createRateLimiter, type RateLimiter } from '@/lib/platform/rate-limit';
import { getRedis } from '@/lib/platform/redis/redis-client';

type Services = { verifier?: AccessTokenVerifier | null; rateLimiter?: RateLimiter; pseudonymSecret?: string | null };
const services = ((globalThis as Record<symbol, Services>)[Symbol.for('quartermaster.services')] ??= {});

/** One verifier per process, so the JWKS cache (24 h) is shared by every request. */
export function getTokenVerifier(): AccessTokenVerifier {
  if (services.verifier === undefined) {
    const config = getConfig();
    services.verifier = config.OIDC_ISSUER
      ? createAccessTokenVerifier({
          issuer: config.OIDC_ISSUER,
          audience: config.API_AUDIENCE,
          jwksUrl: config.JWKS_URL,
          maxLifetimeSeconds: config.ACCESS_TOKEN_MAX_LIFETIME_SECONDS,
          clockSkewSeconds: config.ACCESS_TOKEN_CLOCK_SKEW_SECONDS,
        })
      : null;
  }
  if (!services.verifier) throw new UnauthenticatedError('API authentication is not configured on this server (OIDC_ISSUER).');
  return services.verifier;
}

export function getRateLimiter(): RateLimiter {
  if (!services.rateLimiter) {
    // The process's one Redis connection, shared with the export leases.
    services.rateLimiter = createRateLimiter({ connection: getRedis(), prefix: getConfig().RATE_LIMIT_PREFIX });
  }
  return services.rateLimiter;
}

/**
 * The pseudonym secret, with which a sign-in recognises an identity whose account was erased; null where none is
 * configured, for then no erasure can have run (it refuses to start without one).
 */
export function getPseudonymSecret(): string | null {
  if (services.pseudonymSecret === undefined) {
    try {
      services.pseudonymSecret = resolvePseudonymSecret(getConfig());
    } catch (error) {
      if (!(error instanceof PrivacyConfigError)) throw error;
      services.pseudonymSecret = null;
    }
  }
  return services.pseudonymSecret;
}
