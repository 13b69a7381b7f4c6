import { describe, expect, it } from 'vitest';
import { exponentialRetryDelayMs, steppedRetryDelayMs } from '@/lib/platform/jobs/retry-schedule';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const attempts = Array.from({ length: 12 }, (_, i) => i); // 0..11, 0 only where a caller could pass it

describe('retry schedules', () => {
  it('exponential: the first delay, doubling, capped', () => {
    expect([1, 2, 3, 4, 5].map((n) => exponentialRetryDelayMs({ firstDelayMs: 1_000, maxDelayMs: 10_000 }, n))).toEqual([1_000, 2_000, 4_000, 8_000, 10_000]);
    expect(exponentialRetryDelayMs({ firstDelayMs: 1_000, maxDelayMs: 10_000 }, 0)).toBe(1_000);
  });

  it('stepped: the n-th delay, then the last one', () => {
    expect([0, 1, 2, 3, 4].map((n) => steppedRetryDelayMs([5, 50, 500], n))).toEqual([5, 5, 50, 500, 500]);
  });

  // Today's formulas, written out as they were before they used the helper; the helper must give the same values.
  it('gives the e-mail outbox schedule: 30 s, doubling, at most an hour', () => {
    const before = (a: number) => Math.min(30_000 * 2 ** Math.max(a - 1, 0), 60 * 60_000);
    for (const a of attempts) expect(exponentialRetryDelayMs({ firstDelayMs: 30_000, maxDelayMs: HOUR }, a)).toBe(before(a));
  });

  it('gives the change-proposal submission schedule: a minute, doubling, at most an hour', () => {
    const before = (a: number) => Math.min(60 * 60_000, 60_000 * 2 ** Math.max(0, a - 1));
    for (const a of attempts) expect(exponentialRetryDelayMs({ firstDelayMs: MINUTE, maxDelayMs: HOUR }, a)).toBe(before(a));
  });

  it('gives the registry webhook processing schedule (attempts start at 1)', () => {
    const before = (a: number) => Math.min(60 * 60_000, 60_000 * 2 ** (a - 1));
    for (const a of attempts.slice(1)) expect(exponentialRetryDelayMs({ firstDelayMs: MINUTE, maxDelayMs: HOUR }, a)).toBe(before(a));
  });

  it("gives the registry adapter's backoff ceiling (0-based retry number, before jitter)", () => {
    for (const [baseDelayMs, maxDelayMs] of [[250, 8_000], [10, 40], [1, 1]] as const) {
      const before = (attempt: number) => Math.min(maxDelayMs, baseDelayMs * 2 ** attempt);
      for (const attempt of attempts) expect(exponentialRetryDelayMs({ firstDelayMs: baseDelayMs, maxDelayMs }, attempt + 1)).toBe(before(attempt));
    }
  });

  it("gives the outbound webhooks' Standard Webhooks schedule", () => {
    const delays = [5_000, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR];
    const before = (failed: number) => delays[Math.min(Math.max(failed, 1), delays.length) - 1]!;
    for (const a of attempts) expect(steppedRetryDelayMs(delays, a)).toBe(before(a));
  });
});
