import { randomUUID } from 'node:crypto';
import { Redis as IORedis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRateLimiter, type RateLimiter, type RateLimitResult } from '@/lib/platform/rate-limit';

const redisUrl = 'redis://127.0.0.1:6379';
const prefix = `qm:rl:test:${randomUUID()}`;
const freeLimits = { perMinute: 60, perDay: 10_000 };

// Concurrent bursts must land in one fixed window; start them well clear of a minute boundary.
async function waitForFreshMinute(): Promise<void> {
  const msLeft = 60_000 - (Date.now() % 60_000);
  if (msLeft < 10_000) await new Promise((resolve) => setTimeout(resolve, msLeft + 100));
}

function burst(limiter: RateLimiter, organisationId: string, count: number): Promise<RateLimitResult[]> {
  return Promise.all(Array.from({ length: count }, () => limiter.check(organisationId, freeLimits)));
}

describe('Redis rate limiter', () => {
  let admin: IORedis;
  let limiter: RateLimiter;
  let secondInstance: RateLimiter;

  beforeAll(() => {
    admin = new IORedis(redisUrl);
    limiter = createRateLimiter({ redisUrl, prefix });
    secondInstance = createRateLimiter({ redisUrl, prefix });
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  afterAll(async () => {
    const keys = await admin.keys(`${prefix}:*`);
    if (keys.length > 0) await admin.del(...keys);
    await Promise.all([limiter.close(), secondInstance.close(), admin.quit()]);
  });

  it('is chosen for a Redis URL', () => {
    expect(limiter.backend).toBe('redis');
  });

  it('admits exactly the per-minute limit of 200 concurrent checks', { timeout: 20_000 }, async () => {
    await waitForFreshMinute();
    const organisationId = randomUUID();
    const startedAt = Math.floor(Date.now() / 1000);
    const results = await burst(limiter, organisationId, 200);
    const admitted = results.filter((result) => result.success);
    const denied = results.filter((result) => !result.success);

    expect(admitted).toHaveLength(60);
    expect(denied).toHaveLength(140);
    expect(admitted.map((result) => result.remaining).sort((a, b) => b - a)).toEqual(
      Array.from({ length: 60 }, (_, index) => 59 - index),
    );
    const resets = new Set(results.map((result) => result.reset));
    expect(resets.size).toBe(1);
    const [reset = 0] = resets;
    expect(Number.isInteger(reset)).toBe(true);
    expect(reset % 60).toBe(0);
    expect(reset).toBeGreaterThan(startedAt);
    expect(reset).toBeLessThanOrEqual(startedAt + 60);
    for (const result of results) expect(result.limit).toBe(60);
    for (const result of admitted) expect(result.retryAfter).toBe(0);
    for (const result of denied) {
      expect(result.remaining).toBe(0);
      expect(result.retryAfter).toBeGreaterThanOrEqual(1);
      expect(result.retryAfter).toBeLessThanOrEqual(60);
    }
    expect(await admin.keys(`${prefix}:minute:${organisationId}:*`)).toHaveLength(1);
    expect(await limiter.check(randomUUID(), freeLimits)).toMatchObject({ success: true, limit: 60, remaining: 59 });
  });

  it('counts down remaining one request at a time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-03-04T10:00:10Z'));
    const organisationId = randomUUID();
    const remaining = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      remaining.push((await limiter.check(organisationId, freeLimits)).remaining);
    }
    expect(remaining).toEqual([59, 58, 57]);
  });

  it('reports the day window once the day limit is exhausted', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-03-04T10:00:10Z'));
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
      retryAfter: midnight - Date.UTC(2030, 2, 4, 10, 0, 10) / 1000,
    });
  });

  it('opens a new minute window without spending the day quota on denied attempts', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-03-04T10:00:10Z'));
    const organisationId = randomUUID();
    const limits = { perMinute: 2, perDay: 3 };
    const outcomes = [];
    for (let attempt = 0; attempt < 5; attempt += 1) outcomes.push((await limiter.check(organisationId, limits)).success);
    expect(outcomes).toEqual([true, true, false, false, false]);

    vi.setSystemTime(new Date('2030-03-04T10:01:00Z'));
    expect(await limiter.check(organisationId, limits)).toMatchObject({ success: true, limit: 3, remaining: 0 });
    expect(await limiter.check(organisationId, limits)).toMatchObject({ success: false, limit: 3 });
  });

  it('shares counters between two app instances', { timeout: 20_000 }, async () => {
    await waitForFreshMinute();
    const organisationId = randomUUID();
    const results = (await Promise.all([burst(limiter, organisationId, 100), burst(secondInstance, organisationId, 100)])).flat();
    expect(results.filter((result) => result.success)).toHaveLength(60);
    expect(await secondInstance.check(organisationId, freeLimits)).toMatchObject({ success: false, remaining: 0 });
  });

  it('admits requests and logs once, without credentials, when Redis is unreachable', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const unreachable = createRateLimiter({ redisUrl: 'redis://:s3cret-pass@127.0.0.1:1', prefix });
    try {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        expect(await unreachable.check(randomUUID(), { perMinute: 1, perDay: 1 })).toMatchObject({
          success: true,
          limit: 1,
          retryAfter: 0,
        });
      }
      expect(consoleError).toHaveBeenCalledTimes(1);
      expect(String(consoleError.mock.calls[0])).not.toContain('s3cret-pass');
    } finally {
      await unreachable.close();
      consoleError.mockRestore();
    }
  });
});
