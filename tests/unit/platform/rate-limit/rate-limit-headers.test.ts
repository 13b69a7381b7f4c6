import { describe, expect, it } from 'vitest';
import { rateLimitHeaders } from '@/lib/platform/rate-limit';

describe('rateLimitHeaders', () => {
  it('describes an admitted request without Retry-After', () => {
    const headers = rateLimitHeaders({ success: true, limit: 60, remaining: 42, reset: 1_900_000_020, retryAfter: 0 });
    expect(headers).toEqual({
      'X-RateLimit-Limit': '60',
      'X-RateLimit-Remaining': '42',
      'X-RateLimit-Reset': '1900000020',
    });
  });

  it('adds Retry-After to a denial', () => {
    const headers = rateLimitHeaders({ success: false, limit: 60, remaining: 0, reset: 1_900_000_020, retryAfter: 17 });
    expect(headers).toEqual({
      'X-RateLimit-Limit': '60',
      'X-RateLimit-Remaining': '0',
      'X-RateLimit-Reset': '1900000020',
      'Retry-After': '17',
    });
  });

  it('can be passed straight to a Headers object', () => {
    const headers = new Headers(rateLimitHeaders({ success: false, limit: 5, remaining: 0, reset: 10, retryAfter: 3 }));
    expect(headers.get('retry-after')).toBe('3');
  });
});
