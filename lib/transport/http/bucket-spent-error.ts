import { RateLimitedError } from '@/lib/platform/core/errors';

/**
 * A rate-limit bucket that is spent (lib/transport/http/charge-rate-limit.ts): the domain's RateLimitedError plus
 * the bucket's X-RateLimit-* headers, a transport fact the HTTP answer carries (http-of-error.ts).
 */
export class BucketSpentError extends RateLimitedError {
  constructor(
    retryAfterSeconds: number,
    readonly limitHeaders: Record<string, string>,
  ) {
    super(retryAfterSeconds);
  }
}
