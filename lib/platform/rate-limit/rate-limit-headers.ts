import type { RateLimitResult } from './rate-limiter';

type WindowHeaders = {
  'X-RateLimit-Limit': string;
  'X-RateLimit-Remaining': string;
  'X-RateLimit-Reset': string;
};

export type RateLimitHeaders = WindowHeaders | (WindowHeaders & { 'Retry-After': string });

export function rateLimitHeaders(result: RateLimitResult): RateLimitHeaders {
  const headers: WindowHeaders = {
    'X-RateLimit-Limit': String(result.limit),
    'X-RateLimit-Remaining': String(result.remaining),
    'X-RateLimit-Reset': String(result.reset),
  };
  return result.success ? headers : { ...headers, 'Retry-After': String(result.retryAfter) };
}
