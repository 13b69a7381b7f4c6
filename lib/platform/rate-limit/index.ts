export { createRateLimiter, type CreateRateLimiterOptions } from './create-rate-limiter';
export { createIoredisAdapter, stripLuaShebang, type RatelimitRedis } from './ioredis-adapter';
export { createMemoryRateLimiter } from './memory-rate-limiter';
export { rateLimitHeaders, type RateLimitHeaders } from './rate-limit-headers';
export type { RateLimitBackend, RateLimiter, RateLimitResult } from './rate-limiter';
export { planTiers, resolveLimits, type PlanTier, type RateLimits } from './tiers';
