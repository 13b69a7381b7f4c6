import { getConfig } from '@/lib/platform/config';
import { rateLimitHeaders, resolveLimits, type RateLimits } from '@/lib/platform/rate-limit';
import { clientAddress } from './client-address';
import type { TenantOrganisation } from '@/lib/platform/core/context';
import { BucketSpentError } from './bucket-spent-error';
import { getRateLimiter } from './services';

export type LimitHeaders = Record<string, string>;

async function charge(bucket: string, limits: RateLimits): Promise<LimitHeaders> {
  const result = await getRateLimiter().check(bucket, limits);
  const headers: LimitHeaders = { ...rateLimitHeaders(result) };
  if (!result.success) throw new BucketSpentError(result.retryAfter, headers);
  return headers;
}

/** The tenant's quota pays only for calls whose token was verified and issued for that tenant. */
export function chargeTenant(organisation: TenantOrganisation): Promise<LimitHeaders> {
  const limits = resolveLimits(organisation.planTier, organisation.customRateLimits, getConfig().RATE_LIMIT_MULTIPLIER);
  return charge(organisation.id, limits);
}

/**
 * Every other call (no token, a token that fails verification or names another tenant, and answers given
 * without looking at a token: 405 and unknown endpoints) pays from the client's own bucket at this tenant, so
 * nobody can spend a tenant's quota without its credentials (issue 11, finding 2). Without a tenant the
 * bucket is the client's alone.
 */
export function chargeClient(request: Request, organisationId: string | null): Promise<LimitHeaders> {
  const { ANONYMOUS_RATE_LIMIT_PER_MINUTE: perMinute, TRUSTED_PROXY_HOPS } = getConfig();
  const address = clientAddress(request.headers, TRUSTED_PROXY_HOPS);
  // The limiter keeps a day window too; one that can never bind before the minute window leaves a per-minute limit.
  return charge(`anon:${organisationId ?? 'none'}:${address}`, { perMinute, perDay: perMinute * 24 * 60 });
}

/**
 * A call whose one-time link verified (publicRoute's admitLink): the link's own bucket, at the client limit. A
 * link holder is then never refused for other callers' failures, which the client bucket counts and which,
 * without a trusted proxy, come from the same address as everyone's (issue 23, item 14).
 */
export function chargeLink(organisationId: string, link: string): Promise<LimitHeaders> {
  const { ANONYMOUS_RATE_LIMIT_PER_MINUTE: perMinute } = getConfig();
  return charge(`link:${organisationId}:${link}`, { perMinute, perDay: perMinute * 24 * 60 });
}

/** The registry's webhook endpoint (no tenant, no token): its own bucket per client address. */
export function chargeRegistryWebhook(request: Request): Promise<LimitHeaders> {
  const { REGISTRY_WEBHOOK_RATE_LIMIT_PER_MINUTE: perMinute, TRUSTED_PROXY_HOPS } = getConfig();
  const address = clientAddress(request.headers, TRUSTED_PROXY_HOPS);
  return charge(`registry-webhook:${address}`, { perMinute, perDay: perMinute * 24 * 60 });
}
