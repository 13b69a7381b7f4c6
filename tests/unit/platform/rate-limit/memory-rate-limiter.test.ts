import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRateLimiter, type RateLimiter } from '@/lib/platform/rate-limit';

const tenPast = new Date('2030-03-04T10:00:10Z');
const tenPastSeconds = tenPast.getTime() / 1000;

describe('in-memory rate limiter', () => {
  let limiter: RateLimiter;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(tenPast);
    limiter = createRateLimiter();
  });

  afterEach(async () => {
    await limiter.close();
    vi.useRealTimers();
  });

  it('is chosen when neither Upstash nor a Redis URL is configured', () => {
    expect(limiter.backend).toBe('memory');
  });

  it('admits exactly the per-minute limit of 200 concurrent checks', async () => {
    const organisationId = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 200 }, () => limiter.check(organisationId, { perMinute: 60, perDay: 10_000 })),
    );
    const admitted = results.filter((result) => result.success);
    const denied = results.filter((result) => !result.success);
    expect(admitted).toHaveLength(60);
    expect(denied).toHaveLength(140);
    expect(admitted.map((result) => result.remaining).sort((a, b) => b - a)).toEqual(
      Array.from({ length: 60 }, (_, index) => 59 - index),
    );
    for (const result of results) {
      expect(result.limit).toBe(60);
      expect(result.reset).toBe(tenPastSeconds + 50);
    }
    for (const result of admitted) expect(result.retryAfter).toBe(0);
    for (const result of denied) expect(result).toMatchObject({ remaining: 0, retryAfter: 50 });
  });

  it('keeps organisations apart', async () => {
    const [first, second] = [randomUUID(), randomUUID()];
    const limits = { perMinute: 2, perDay: 100 };
    await limiter.check(first, limits);
    await limiter.check(first, limits);
    expect((await limiter.check(first, limits)).success).toBe(false);
    expect(await limiter.check(second, limits)).toMatchObject({ success: true, remaining: 1 });
  });

  it('reports the day window once the day limit is exhausted', async () => {
    const organisationId = randomUUID();
    const limits = { perMinute: 100, perDay: 5 };
    const midnight = Date.UTC(2030, 2, 5) / 1000;
    for (const remaining of [4, 3, 2, 1, 0]) {
      expect(await limiter.check(organisationId, limits)).toEqual({
        success: true,
        limit: 5,
        remaining,
        reset: midnight,
        retryAfter: 0,
      });
    }
    expect(await limiter.check(organisationId, limits)).toEqual({
      success: false,
      limit: 5,
      remaining: 0,
      reset: midnight,
      retryAfter: midnight - tenPastSeconds,
    });
  });

  it('opens a new minute window without spending the day quota on denied attempts', async () => {
    const organisationId = randomUUID();
    const limits = { perMinute: 2, perDay: 3 };
    const outcomes = [];
    for (let attempt = 0; attempt < 5; attempt += 1) outcomes.push((await limiter.check(organisationId, limits)).success);
    expect(outcomes).toEqual([true, true, false, false, false]);

    vi.setSystemTime(new Date('2030-03-04T10:01:00Z'));
    expect(await limiter.check(organisationId, limits)).toMatchObject({ success: true, limit: 3, remaining: 0 });
    expect(await limiter.check(organisationId, limits)).toMatchObject({ success: false, limit: 3 });
  });
});
